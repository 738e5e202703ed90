import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FormatResult, quickSettings, runComparison } from "@wirebench/codecs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { javaRuntime } from "../src/definitions/java.ts";
import { crossRuntimeBytes, measureInRuntime, type RuntimeRun } from "../src/index.ts";
import { addressBook } from "./addressbook.ts";

// The parent (measureInRuntime) driving the real Java child on AddressBook, beside Node's own run of
// the same data: the bytes, fidelity and timings the result will show.
const available = (await javaRuntime.detect()).available;

describe.skipIf(!available)("measureInRuntime with the Java child on AddressBook", () => {
  const dataset = addressBook();
  const workDir = mkdtempSync(join(tmpdir(), "wb-java-driver-"));
  const formats = ["protobuf", "avro", "json", "cbor", "msgpack"];
  let run: RuntimeRun;
  let node: FormatResult[];
  beforeAll(async () => {
    const previous = process.env.WIREBENCH_JAVA_WARMUP_ENOUGH_MS;
    // Quick settings for a test; the JVM's warm-up floor (1 s per operation) lowered the same way.
    process.env.WIREBENCH_JAVA_WARMUP_ENOUGH_MS = "250";
    try {
      run = await measureInRuntime(javaRuntime, {
        dataset,
        formats,
        settings: quickSettings,
        processes: 1,
        workDir,
      });
    } finally {
      if (previous === undefined) delete process.env.WIREBENCH_JAVA_WARMUP_ENOUGH_MS;
      else process.env.WIREBENCH_JAVA_WARMUP_ENOUGH_MS = previous;
    }
    const result = await runComparison(dataset, {
      formats: ["protobuf", "avro", "json", "msgpackr-minimal", "cbor-minimal"],
      quick: true,
      verifyOnly: true,
    });
    node = result.formats;
  }, 300_000);
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));
  const entry = (id: string) => run.formats.find((e) => e.id === id) as FormatResult;

  it("reports the JVM and the Maven artifacts it measured with", () => {
    expect(run.status).toMatchObject({ runtime: "java", available: true });
    expect(run.status.version).toMatch(/\b\d+\.\d+\.\d+/);
    expect(run.status.libraries?.["com.google.protobuf:protobuf-java"]).toMatch(/^3\.21\.\d+$/);
    expect(entry("protobuf@java").version).toBe(run.status.libraries?.["com.google.protobuf:protobuf-java"]);
  });

  it("writes Protobuf in Node's bytes and round-trips the schemaless formats exactly", () => {
    for (const f of run.formats) expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
    const java = entry("protobuf@java");
    const protobuf = node.find((e) => e.id === "protobuf") as FormatResult;
    expect(java.bytes).toBe(protobuf.bytes);
    expect(java.digest).toBe(protobuf.digest);
    expect(java.firstMessage).toEqual(protobuf.firstMessage);
    expect(java).toMatchObject({ runtime: "java", format: "protobuf" });
    for (const id of ["json@java", "cbor@java", "msgpack@java"])
      expect(entry(id).fidelity.exact, id).toBe(true);
    // Proto3 and the emitted Avro schema give Carol an empty email and phones, in Node as in Java.
    expect(java.fidelity).toEqual(protobuf.fidelity);
    expect(entry("avro@java").fidelity).toEqual(node.find((e) => e.id === "avro")?.fidelity);
  });

  it("times encode and decode of every format with confidence intervals", () => {
    expect(run.formats).toHaveLength(formats.length);
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

  it("writes the same bytes as Node's libraries for Protobuf, Avro and MessagePack", () => {
    const rows = crossRuntimeBytes([...node, ...run.formats]);
    const same = (format: string) => rows.find((r) => r.format === format)?.same;
    expect(same("protobuf")).toEqual(["protobuf@java"]);
    expect(same("avro")).toEqual(["avro@java"]);
    expect(same("msgpack")).toEqual(["msgpack@java"]);
  });
});
