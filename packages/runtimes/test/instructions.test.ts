import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  checkValgrind,
  defaultInstructionSettings,
  type InstructionSettings,
  quickSettings,
} from "@wirebench/codecs/runtime-bridge";
import type { FormatInstructions } from "@wirebench/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { goRuntime } from "../src/definitions/go.ts";
import { pythonRuntime } from "../src/definitions/python.ts";
import { rustRuntime } from "../src/definitions/rust.ts";
import { measureInRuntime } from "../src/index.ts";
import { withRuntimeCounts } from "../src/instructions/add-counts.ts";
import { countInRuntime } from "../src/instructions/count-in-runtime.ts";
import type { RuntimeDefinition } from "../src/runtime-definition.ts";
import { addressBook } from "./addressbook.ts";

// The real count-mode children under callgrind on AddressBook (docs/instructions.md "Other
// runtimes"), with the default segments (about 2,200 calls of AddressBook): shorter ones let Go's
// and Rust's occasional per-segment costs (a heap growing) show as 0.2–0.5 % between processes.
// Python repeats to the instruction, so its segments are short (a minute of CPU less).
const settings: InstructionSettings = { ...defaultInstructionSettings, segments: 3 };
const pythonSettings: InstructionSettings = { ...settings, segmentBytes: 32_000 };
const valgrind = checkValgrind(settings.valgrindPath).available;
const dataset = addressBook();
const dirs: string[] = [];
const scratch = () => {
  const d = mkdtempSync(join(tmpdir(), "wb-instr-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Two fresh processes counted each named operation, positive and within 0.1 % of each other. */
function expectRepeatable(counts: FormatInstructions | undefined, ops: Op[]) {
  expect(counts?.error).toBeUndefined();
  for (const op of ops) {
    const c = counts?.[op];
    expect(c?.runs).toHaveLength(2);
    for (const r of c?.runs ?? []) expect(r).toBeGreaterThan(0);
    expect(c?.spread, `${op}: ${c?.runs}`).toBeLessThanOrEqual(0.001);
    expect(c?.noisy).toBe(false);
  }
}

type Op = "encode" | "decode";
const cases: { def: RuntimeDefinition; repeatable: Record<string, Op[]> }[] = [
  // Go's and Rust's schemaless codecs walk maps whose hash seeds and iteration order are random per
  // process (docs): the operations named here are the ones that repeat to within 0.01 %.
  // Go's counts move with the machine's load (CI, other core busy: protobuf@go encode 0.13–0.17 %
  // apart, idle ≤ 0.02 %): they are checked for being counted and flagged, not held to 0.1 %.
  { def: goRuntime, repeatable: { "protobuf@go": [], "goavro@go": [] } },
  {
    def: rustRuntime,
    repeatable: { "prost@rust": ["encode", "decode"], "serde_json@rust": ["encode", "decode"] },
  },
  {
    def: pythonRuntime,
    repeatable: { "orjson@python": ["encode", "decode"], "msgpack@python": ["encode", "decode"] },
  },
];

for (const { def, repeatable } of cases) {
  const ids = Object.keys(repeatable);
  const available = valgrind && (await def.detect()).available;
  describe.skipIf(!available)(`instruction counts in the ${def.id} child`, () => {
    it("counts every operation in two processes that agree within 0.1 %", async () => {
      const out = await countInRuntime(def, {
        dataset,
        ids,
        workDir: scratch(),
        settings: def.id === "python" ? pythonSettings : settings,
      });
      expect(out.run).toMatchObject({ available: true, processes: 2, noisySpread: 0.001 });
      expect(out.run.method).toContain("dump-before");
      for (const id of ids) {
        const counts = out.formats.get(id);
        expectRepeatable(counts, repeatable[id] ?? []);
        // Every operation the child times is counted, whether or not it repeats this well, and a
        // count whose processes disagree by more than 0.1 % is flagged noisy (a gate ignores it).
        for (const op of ["encode", "decode"] as const) {
          expect(counts?.[op]?.perOp).toBeGreaterThan(0);
          expect(counts?.[op]?.noisy, `${id} ${op}`).toBe((counts?.[op]?.spread ?? 0) > 0.001);
        }
      }
    });
  });
}

describe("without valgrind or a count mode", () => {
  it("reports the metric unavailable, naming the missing binary, and counts nothing", async () => {
    const out = await countInRuntime(rustRuntime, {
      dataset,
      ids: ["prost@rust"],
      workDir: scratch(),
      settings: { ...settings, valgrindPath: "/nonexistent/valgrind" },
    });
    expect(out.run.available).toBe(false);
    expect(out.run.reason).toMatch(/\/nonexistent\/valgrind: not found/);
    expect(out.formats.size).toBe(0);
  });

  it("says a runtime without a count mode has no counts, instead of failing", async () => {
    const noCountMode: RuntimeDefinition = { ...rustRuntime, id: "node" };
    const out = await countInRuntime(noCountMode, {
      dataset,
      ids: ["prost@node"],
      workDir: scratch(),
      settings,
    });
    expect(out.run).toMatchObject({ available: false });
    expect(out.run.reason).toContain("not implemented for the node runtime");
  });
});

const rustReady = valgrind && (await rustRuntime.detect()).available;
describe.skipIf(!rustReady)(
  "a timed Rust run with counts added (what addRuntimes does for --metric instructions)",
  () => {
    it("puts the counts on each entry, with estimated times at Rust's own pace, and the method on the status", async () => {
      const workDir = scratch();
      const run = await measureInRuntime(rustRuntime, {
        dataset,
        formats: ["serde_json"],
        settings: quickSettings,
        processes: 1,
        workDir,
      });
      const counted = await withRuntimeCounts(rustRuntime, run, { dataset, settings, workDir });
      const entry = counted.formats.find((f) => f.id === "serde_json@rust");
      expect(entry?.ok).toBe(true);
      expect(entry?.instructions?.encode?.perOp).toBeGreaterThan(0);
      expect(entry?.instructions?.encode?.estimatedNs).toBeGreaterThan(0);
      expect(counted.status.instructions).toMatchObject({ available: true, processes: 2 });
      expect(counted.status.instructions?.nsPerInstruction).toBeGreaterThan(0);
    });
  },
);
