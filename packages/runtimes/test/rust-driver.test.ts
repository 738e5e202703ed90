import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FormatResult, quickSettings, runComparison } from "@wirebench/codecs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rustRuntime } from "../src/definitions/rust.ts";
import { crossRuntimeBytes, measureInRuntime, type RuntimeRun } from "../src/index.ts";
import { addressBook } from "./addressbook.ts";

// The parent (measureInRuntime) driving the real Rust child on AddressBook, beside Node's own run of
// the same data: the bytes, fidelity and timings the result will show.
const available = (await rustRuntime.detect()).available;

describe.skipIf(!available)("measureInRuntime with the Rust child on AddressBook", () => {
  const dataset = addressBook();
  const workDir = mkdtempSync(join(tmpdir(), "wb-rust-driver-"));
  let run: RuntimeRun;
  let node: FormatResult[];
  beforeAll(async () => {
    run = await measureInRuntime(rustRuntime, { dataset, settings: quickSettings, processes: 1, workDir });
    const result = await runComparison(dataset, {
      formats: ["protobuf", "avro", "json", "msgpackr-minimal", "cbor-minimal"],
      quick: true,
      verifyOnly: true,
    });
    node = result.formats;
    // Building the schema's binary takes half a minute of CPU; a loaded machine stretches it.
  }, 600_000);
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));
  const entry = (id: string) => run.formats.find((e) => e.id === id) as FormatResult;

  it("reports rustc and the crates it measured with", () => {
    expect(run.status).toMatchObject({ runtime: "rust", available: true });
    expect(run.status.version).toMatch(/^rustc 1\.\d+/);
    expect(run.status.libraries?.prost).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("writes Protobuf in Node's bytes (253 B for the two books) and round-trips the schemaless formats exactly", () => {
    for (const f of run.formats) expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
    const prost = entry("prost@rust");
    const protobuf = node.find((e) => e.id === "protobuf") as FormatResult;
    expect(prost.bytes).toBe(253);
    expect(prost.digest).toBe(protobuf.digest);
    expect(prost.firstMessage).toEqual(protobuf.firstMessage);
    expect(prost).toMatchObject({ runtime: "rust", format: "protobuf" });
    for (const id of ["rmp-serde@rust", "ciborium@rust", "serde_json@rust"])
      expect(entry(id).fidelity.exact, id).toBe(true);
    // Proto3 and the emitted Avro schema give Carol an empty email and phones, in Node as in Rust.
    expect(prost.fidelity).toEqual(protobuf.fidelity);
    expect(entry("apache-avro@rust").fidelity).toEqual(node.find((e) => e.id === "avro")?.fidelity);
  });

  it("times encode and decode of every format with confidence intervals", () => {
    expect(run.formats).toHaveLength(5);
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

  it("writes the same bytes as Node's libraries for Protobuf, Avro, MessagePack and CBOR", () => {
    const rows = crossRuntimeBytes([...node, ...run.formats]);
    const same = (format: string) => rows.find((r) => r.format === format)?.same;
    expect(same("protobuf")).toEqual(["prost@rust"]);
    expect(same("avro")).toEqual(["apache-avro@rust"]);
    // Node's reference for these is the minimal standard encoding (msgpackr-minimal, cbor-minimal).
    expect(same("msgpack")).toEqual(["rmp-serde@rust"]);
    expect(same("cbor")).toEqual(["ciborium@rust"]);
  });
});
