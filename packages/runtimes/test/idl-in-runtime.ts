import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FormatResult, quickSettings, runComparison } from "@wirebench/codecs";
import { checkValgrind, defaultInstructionSettings } from "@wirebench/codecs/runtime-bridge";
import { type Dataset, loadDataset } from "@wirebench/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crossRuntimeBytes, measureInRuntime, type RuntimeRun } from "../src/index.ts";
import { countInRuntime } from "../src/instructions/count-in-runtime.ts";
import type { RuntimeDefinition } from "../src/runtime-definition.ts";
import { addressBook } from "./addressbook.ts";
import { expectTimingsWithCi } from "./expect-timings.ts";

/**
 * The shared checks of an IDL-binary format (`flatbuffers`, `capnp`: the child starts from Node's own
 * bytes) in a runtime whose library writes Node's layout: on AddressBook beside other formats in the
 * same run, Node's fidelity and Node's very bytes, timings with CIs; on an inferred schema, an exact
 * round trip in Node's bytes.
 */
export interface IdlInRuntime {
  runtime: RuntimeDefinition;
  format: "flatbuffers" | "capnp";
  /** The runtime's implementation id, when not the format's name (`pycapnp`). */
  impl?: string;
  /** The library version the child's hello stamps the entry with. */
  version: string;
  /** Other formats measured in the same run (their generated code must coexist with this one's). */
  besides: string[];
  /** Every entry id the run yields, sorted. */
  ids: string[];
}

// Untyped JSON (schema inferred, emitted as .fbs/.capnp): 64-bit integers, doubles, booleans, lists of
// text and of tables, a null string (absent), base64 text.
export const mixed: Dataset = loadDataset({
  text: JSON.stringify([
    { id: 1, score: 0.1, ok: true, tags: ["a", "b"], note: "x", items: [{ n: 1, w: 2.5 }], blob: "AP8=" },
    { id: -5, score: -1e300, ok: false, tags: [], note: null, items: [], blob: "" },
  ]),
  sampleFormat: "json",
});

export function describeIdlInRuntime(s: IdlInRuntime, available: boolean): void {
  const id = `${s.impl ?? s.format}@${s.runtime.id}`;

  describe.skipIf(!available)(`${id} on AddressBook beside ${s.besides.join(", ")}`, () => {
    const workDir = mkdtempSync(join(tmpdir(), `wb-${s.runtime.id}-${s.format}-`));
    let run: RuntimeRun;
    let node: FormatResult[];
    const entry = () => run.formats.find((e) => e.id === id) as FormatResult;
    beforeAll(async () => {
      run = await measureInRuntime(s.runtime, {
        dataset: addressBook(),
        formats: [s.format, ...s.besides],
        settings: quickSettings,
        processes: 1,
        workDir,
      });
      node = (await runComparison(addressBook(), { formats: [s.format], quick: true, verifyOnly: true }))
        .formats;
    }, 600_000);
    afterAll(() => rmSync(workDir, { recursive: true, force: true }));

    it("measures every format of the run, stamped with the pinned library", () => {
      expect(run.formats.map((f) => f.id).sort()).toEqual(s.ids);
      for (const f of run.formats) expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
      expect(entry().version).toBe(s.version);
    });

    it("has Node's fidelity and Node's very bytes", () => {
      const n = node.find((e) => e.id === s.format) as FormatResult;
      // Whatever Node's own round trip reports (FlatBuffers: Carol's absent email and phones come
      // back empty), this runtime reports the same.
      expect(entry().fidelity).toEqual(n.fidelity);
      expect(entry().bytes).toBe(n.bytes);
      expect(entry().digest).toBe(n.digest);
      const cross = crossRuntimeBytes([...node, ...run.formats]);
      expect(cross.find((c) => c.format === s.format)).toMatchObject({ same: [id], different: [] });
    });

    it("times encode and decode of every entry with confidence intervals", () => {
      expectTimingsWithCi(run.formats);
    });
  });

  describe.skipIf(!available)(`${id} on an inferred schema`, () => {
    const workDir = mkdtempSync(join(tmpdir(), `wb-${s.runtime.id}-${s.format}-mixed-`));
    afterAll(() => rmSync(workDir, { recursive: true, force: true }));

    it("round-trips exactly, as Node does, in Node's bytes", async () => {
      const run = await measureInRuntime(s.runtime, {
        dataset: mixed,
        formats: [s.format],
        settings: quickSettings,
        processes: 1,
        workDir,
      });
      const n = (await runComparison(mixed, { formats: [s.format], quick: true, verifyOnly: true }))
        .formats[0];
      const f = run.formats.find((e) => e.id === id) as FormatResult;
      expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
      expect(f.fidelity).toMatchObject({ exact: true, issues: [] });
      expect(n?.fidelity).toMatchObject({ exact: true, issues: [] });
      expect(f.digest).toBe(n?.digest);
      expectTimingsWithCi([f]);
    }, 600_000);
  });
}

/** Instruction counts of `ids` (count mode, with the run's generated code linked in as the timed run had it). */
export function describeCountsInRuntime(runtime: RuntimeDefinition, ids: string[], available: boolean): void {
  const valgrind = checkValgrind(defaultInstructionSettings.valgrindPath).available;
  describe.skipIf(!available || !valgrind)(`instruction counts of ${ids.join(", ")}`, () => {
    it("counts encode and decode of each", async () => {
      const workDir = mkdtempSync(join(tmpdir(), `wb-${runtime.id}-idl-count-`));
      try {
        const out = await countInRuntime(runtime, {
          dataset: addressBook(),
          ids,
          workDir,
          settings: { ...defaultInstructionSettings, segments: 2, segmentBytes: 16_000 },
        });
        expect(out.run.available).toBe(true);
        for (const id of ids) {
          const counts = out.formats.get(id);
          expect(counts?.error, id).toBeUndefined();
          expect(counts?.encode?.perOp, id).toBeGreaterThan(0);
          expect(counts?.decode?.perOp, id).toBeGreaterThan(0);
        }
      } finally {
        rmSync(workDir, { recursive: true, force: true });
      }
    }, 600_000);
  });
}
