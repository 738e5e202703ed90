import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { quickSettings, runComparison } from "@wirebench/codecs";
import { loadDataset } from "@wirebench/schemas";
import { afterAll, describe, expect, it } from "vitest";
import { goRuntime } from "../src/definitions/go.ts";
import { javaRuntime } from "../src/definitions/java.ts";
import { pythonRuntime } from "../src/definitions/python.ts";
import { rustRuntime } from "../src/definitions/rust.ts";
import { measureInRuntime } from "../src/index.ts";

/**
 * Protobuf and Avro on a schema Wirebench inferred from a JSON sample (emitted `package wirebench;` with a
 * root message named `Root`; Avro's record `Root`), the common case on the web: every runtime's child finds the root by
 * its full name, and writes Node's bytes.
 */
const dataset = loadDataset({
  text: JSON.stringify([
    { id: 1000, items: [{ sku: "a-1", qty: 2, cents: 250 }] },
    { id: 1001, items: [] },
  ]),
});
const node = (await runComparison(dataset, { formats: ["protobuf", "avro"], quick: true, verifyOnly: true }))
  .formats;
const nodeEntry = (format: string) => node.find((f) => f.id === format);
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

for (const def of [pythonRuntime, goRuntime, javaRuntime, rustRuntime]) {
  const available = (await def.detect()).available;
  describe.skipIf(!available)(`Protobuf and Avro on an inferred schema in ${def.id}`, () => {
    it("round-trips exactly in Node's bytes", async () => {
      const workDir = mkdtempSync(join(tmpdir(), "wb-inferred-proto-"));
      dirs.push(workDir);
      const run = await measureInRuntime(def, {
        dataset,
        formats: ["protobuf", "avro"],
        settings: quickSettings,
        processes: 1,
        workDir,
      });
      expect(new Set(run.formats.map((f) => f.format))).toEqual(new Set(["protobuf", "avro"]));
      for (const f of run.formats) {
        expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
        expect(f.bytes, f.id).toBe(nodeEntry(f.format)?.bytes);
        expect(f.digest, f.id).toBe(nodeEntry(f.format)?.digest);
        expect(f.fidelity?.exact, f.id).toBe(true);
      }
    }, 600_000);
  });
}
