import { mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkValgrind, defaultInstructionSettings } from "@wirebench/codecs/runtime-bridge";
import { type FormatResult, resultSchema } from "@wirebench/contracts";
import { formatCount } from "@wirebench/contracts/units";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";
import { spawnCli } from "./helpers/spawn-cli.ts";

const models = fileURLToPath(new URL("../../conformance/data/models/", import.meta.url));
const book = [join(models, "addressbook-go.ndjson"), "--schema", join(models, "addressbook-go.proto")];
const dir = scratchDir("wirebench-cli-rt-");
const valgrind = checkValgrind(defaultInstructionSettings.valgrindPath).available;

describe("wirebench compare --runtimes", () => {
  it("measures AddressBook in every runtime this machine has, the others listed unavailable", {
    timeout: 900_000,
  }, async () => {
    const out = join(dir, "all.json");
    const args = ["compare", ...book, "--quick", "--formats", "protobuf,cbor", "--json", out];
    const res = await spawnCli([...args, "--runtimes", "node,python,go,java,rust"]);
    expect(res.code, res.stderr).toBe(0);
    const result = resultSchema.parse(JSON.parse(readFileSync(out, "utf8")));
    expect(result.runtimes?.map((s) => s.runtime)).toEqual(["node", "python", "go", "java", "rust"]);
    const node = result.formats.filter((f) => f.runtime === "node");
    // cbor-x's default pads headers: its minimal variant comes along as the byte reference.
    expect(node.map((f) => f.id).sort()).toEqual(["cbor", "cbor-minimal", "protobuf"]);
    const protobuf = node.find((f) => f.id === "protobuf") as FormatResult;
    const available = (result.runtimes ?? []).filter((s) => s.available && s.runtime !== "node");
    for (const s of result.runtimes ?? []) {
      if (!s.available) {
        expect(s.reason, s.runtime).toMatch(/\w/);
        expect(result.formats.some((f) => f.runtime === s.runtime)).toBe(false);
      }
    }
    // Each runtime's Protobuf implementations (Go has two: protobuf and vtprotobuf; Rust's is prost).
    const protobufIn = (runtime: string) =>
      result.formats.filter((f) => f.format === "protobuf" && f.runtime === runtime);
    for (const s of available) {
      const entries = protobufIn(s.runtime);
      expect(entries.length, s.runtime).toBeGreaterThan(0);
      for (const entry of entries) {
        expect(entry.ok, `${entry.id}: ${entry.error}`).toBe(true);
        // The Protobuf tutorial's book (228 B) and Carol's (25 B), in every runtime.
        expect(entry.bytes).toBe(253);
        expect(entry.runtimeVersion).toBe(s.version);
        expect(entry.encode?.samples).toBeGreaterThan(0);
        expect(entry.encode?.ciHighNs).toBeGreaterThanOrEqual(entry.encode?.medianNs ?? Number.NaN);
      }
    }
    const row = result.crossRuntime?.find((r) => r.format === "protobuf");
    if (available.length > 0)
      expect(row).toMatchObject({
        reference: protobuf.id,
        same: available.flatMap((s) => protobufIn(s.runtime).map((f) => f.id)),
        different: [],
      });
    expect(res.stdout).toContain("same bytes in every runtime?");
    expect(res.stdout).toMatch(/│ protobuf +│ protobuf 253 B/);
  });

  it("lists a runtime whose toolchain is not on PATH as unavailable and exits 0", {
    timeout: 300_000,
  }, async () => {
    // A PATH holding only node: no go, no java.
    const bin = mkdtempSync(join(dir, "bin-"));
    symlinkSync(process.execPath, join(bin, "node"), "file");
    const out = join(dir, "path.json");
    const res = await spawnCli(
      ["compare", ...book, "--quick", "--formats", "protobuf", "--json", out, "--runtimes", "node,go,java"],
      { PATH: bin },
    );
    expect(res.code, res.stderr).toBe(0);
    const result = resultSchema.parse(JSON.parse(readFileSync(out, "utf8")));
    expect(result.runtimes).toMatchObject([
      { runtime: "node", available: true, version: process.version },
      { runtime: "go", available: false, reason: expect.stringMatching(/go not on PATH/) },
      { runtime: "java", available: false, reason: expect.stringMatching(/java not usable/) },
    ]);
    expect(result.formats.map((f) => [f.id, f.runtime])).toEqual([["protobuf", "node"]]);
    expect(result.crossRuntime).toEqual([]);
    expect(res.stdout).toMatch(/go: unavailable \(go not on PATH/);
  });

  it.skipIf(!valgrind)(
    "--metric instructions: one timings row then one counts row per entry, and the table",
    {
      timeout: 600_000,
    },
    async () => {
      const out = join(dir, "counted.json");
      const args = ["compare", ...book, "--quick", "--formats", "protobuf", "--json", out];
      const res = await spawnCli([...args, "--runtimes", "node,rust", "--metric", "instructions"]);
      expect(res.code, res.stderr).toBe(0);
      const result = resultSchema.parse(JSON.parse(readFileSync(out, "utf8")));
      if (!result.runtimes?.find((s) => s.runtime === "rust")?.available) return;
      const prost = result.formats.find((f) => f.id === "prost@rust");
      expect(prost?.instructions?.encode?.perOp).toBeGreaterThan(0);
      // The sizes row says "timings pending"; the timings row and the counts row follow, once each.
      const rows = res.stderr.split("\n");
      expect(
        rows.filter((l) => /\btimings +prost@rust /.test(l)),
        res.stderr,
      ).toHaveLength(1);
      const counts = rows.filter((l) => /\bcounts +prost@rust /.test(l));
      expect(counts).toHaveLength(1);
      expect(counts[0]).toContain(`encode ${formatCount(prost?.instructions?.encode?.perOp ?? 0)}`);
      expect(res.stdout).toMatch(/│ prost@rust +│ encode +│ [\d,]+/);
    },
  );

  it("refuses an unknown runtime, naming the choices", async () => {
    const res = await spawnCli(["compare", ...book, "--runtimes", "node,ruby"]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/unknown runtime "ruby"; one of node, python, go, java, rust/);
  });
});
