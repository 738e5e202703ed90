import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FormatResult, quickSettings, runComparison } from "@wirebench/codecs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pythonRuntime } from "../src/definitions/python.ts";
import { crossRuntimeBytes, measureInRuntime, type RuntimeRun } from "../src/index.ts";
import { addressBook } from "./addressbook.ts";

// The Python child measured end to end by the parent (measureInRuntime): inputs in each shape,
// protoc --python_out code, two processes, and the entries Node's statistics and fidelity check make.

const work = mkdtempSync(join(tmpdir(), "wirebench-python-runtime-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("measureInRuntime with the Python child on AddressBook", () => {
  const dataset = addressBook();
  let run: RuntimeRun;
  let node: FormatResult[];
  const entry = (id: string) => run.formats.find((e) => e.id === id) as FormatResult;
  beforeAll(async () => {
    run = await measureInRuntime(pythonRuntime, {
      dataset,
      settings: quickSettings,
      processes: 2,
      workDir: work,
    });
    const formats = ["protobuf", "avro", "msgpackr-minimal", "cbor-minimal"];
    node = (await runComparison(dataset, { formats, quick: true, verifyOnly: true })).formats;
  });

  it("reports Python and the pinned library versions", () => {
    expect(run.status).toMatchObject({ runtime: "python", available: true });
    expect(run.status.version).toMatch(/^Python 3\.\d+\.\d+$/);
    expect(run.status.libraries?.protobuf).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("reports all six formats, the schemaless four with exact round trips", () => {
    expect(run.formats.map((f) => f.id).sort()).toEqual([
      "cbor2@python",
      "fastavro@python",
      "json@python",
      "msgpack@python",
      "orjson@python",
      "protobuf@python",
    ]);
    for (const f of run.formats) {
      expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
      expect(f).toMatchObject({ runtime: "python", runtimeVersion: run.status.version });
    }
    for (const id of ["msgpack@python", "cbor2@python", "orjson@python", "json@python"])
      expect(entry(id).fidelity.exact, `${id}: ${JSON.stringify(entry(id).fidelity)}`).toBe(true);
  });

  it("writes Node's Protobuf, Avro, MessagePack and CBOR bytes: 253 B of Protobuf, the same digests", () => {
    expect(entry("protobuf@python").bytes).toBe(253);
    for (const [id, nodeId] of [
      ["protobuf@python", "protobuf"],
      ["fastavro@python", "avro"],
    ] as const) {
      const n = node.find((e) => e.id === nodeId) as FormatResult;
      expect(entry(id).bytes, id).toBe(n.bytes);
      expect(entry(id).digest, id).toBe(n.digest);
      expect(entry(id).firstMessage, id).toEqual(n.firstMessage);
      // The schema formats' round trip reads back what Node's does (Carol's unset email and phones
      // come back as "" and [] in every runtime: proto3 and Avro have no "absent").
      expect(entry(id).fidelity, id).toEqual(n.fidelity);
    }
    const rows = crossRuntimeBytes([...node, ...run.formats]);
    // Same bytes in both runtimes: the cross-runtime check also finds msgpack's and cbor2's equal to
    // msgpackr's and cbor-x's minimal variants (shortest encodings, map keys in insertion order).
    const row = (format: string) => rows.find((r) => r.format === format);
    expect(row("protobuf")).toMatchObject({ same: ["protobuf@python"], different: [] });
    expect(row("avro")).toMatchObject({ same: ["fastavro@python"], different: [] });
    expect(row("msgpack")).toMatchObject({
      reference: "msgpackr-minimal",
      same: ["msgpack@python"],
      different: [],
    });
    expect(row("cbor")).toMatchObject({ reference: "cbor-minimal", same: ["cbor2@python"], different: [] });
  });

  it("times encode and decode with confidence intervals from both processes", () => {
    for (const f of run.formats)
      for (const t of [f.encode, f.decode]) {
        expect(t, f.id).not.toBeNull();
        if (!t) continue;
        expect(t.medianNs).toBeGreaterThan(0);
        expect(t.ciLowNs).toBeLessThanOrEqual(t.medianNs);
        expect(t.ciHighNs).toBeGreaterThanOrEqual(t.medianNs);
        expect(t.samples).toBeGreaterThanOrEqual(quickSettings.minSamples);
      }
  });
});
