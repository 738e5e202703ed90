import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FormatResult, quickSettings, runComparison } from "@wirebench/codecs";
import { beforeAll, describe, expect, it } from "vitest";
import { goRuntime } from "../src/definitions/go.ts";
import { crossRuntimeBytes, measureInRuntime, type RuntimeRun } from "../src/index.ts";
import { addressBook } from "./addressbook.ts";

// The Go child through the parent (measureInRuntime), beside Node's own harness on the same data.
const available = (await goRuntime.detect()).available;

describe.skipIf(!available)("measureInRuntime with the Go child on AddressBook", () => {
  const dataset = addressBook();
  let run: RuntimeRun;
  let node: FormatResult[];
  beforeAll(async () => {
    const workDir = mkdtempSync(join(tmpdir(), "wb-go-driver-"));
    run = await measureInRuntime(goRuntime, { dataset, settings: quickSettings, processes: 1, workDir });
    node = (await runComparison(dataset, { formats: ["protobuf", "avro"], quick: true, verifyOnly: true }))
      .formats;
  });

  it("reports Go, its version and the module versions", () => {
    expect(run.status).toMatchObject({ runtime: "go", available: true });
    expect(run.status.version).toMatch(/^go\d/);
    expect(run.status.libraries?.["google.golang.org/protobuf"]).toMatch(/^v\d/);
  });

  it("writes Node's Protobuf bytes (protobufjs) with protoc-gen-go's code and vtprotobuf's", () => {
    const n = node.find((e) => e.id === "protobuf") as FormatResult;
    for (const id of ["protobuf@go", "vtprotobuf@go"]) {
      const f = run.formats.find((e) => e.id === id) as FormatResult;
      expect(f.ok, `${id}: ${f.error}`).toBe(true);
      expect(f.bytes).toBe(n.bytes);
      expect(f.digest).toBe(n.digest);
      expect(f.firstMessage).toEqual(n.firstMessage);
      // proto3 cannot tell Carol's absent email and phones from "" and []: Node reports the same.
      expect(f.fidelity).toEqual(n.fidelity);
    }
    const row = crossRuntimeBytes([...node, ...run.formats]).find((r) => r.format === "protobuf");
    expect(row).toMatchObject({ same: ["protobuf@go", "vtprotobuf@go"], different: [] });
  });

  it("writes Node's Avro bytes (avsc) with goavro, and loses what Node's Avro loses", () => {
    const n = node.find((e) => e.id === "avro") as FormatResult;
    const f = run.formats.find((e) => e.id === "goavro@go") as FormatResult;
    expect(f.ok, f.error).toBe(true);
    expect(f.digest).toBe(n.digest);
    expect(f.bytes).toBe(n.bytes);
    // Carol's absent email and phones come back "" and [] from Avro's non-optional fields in Node too.
    expect(f.fidelity).toEqual(n.fidelity);
  });

  it("round-trips the schemaless formats exactly and times encode and decode with confidence intervals", () => {
    expect(run.formats.map((f) => f.id).sort()).toEqual(
      ["cbor@go", "goavro@go", "json@go", "msgpack@go", "protobuf@go", "vtprotobuf@go"].sort(),
    );
    for (const f of run.formats) {
      expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
      if (!["protobuf", "avro"].includes(f.format))
        expect(f.fidelity.exact, `${f.id}: ${JSON.stringify(f.fidelity)}`).toBe(true);
      expect(f.runtime).toBe("go");
      for (const t of [f.encode, f.decode]) {
        expect(t, f.id).not.toBeNull();
        if (!t) continue;
        expect(t.medianNs).toBeGreaterThan(0);
        expect(t.ciLowNs).toBeLessThanOrEqual(t.medianNs);
        expect(t.ciHighNs).toBeGreaterThanOrEqual(t.medianNs);
        expect(t.samples).toBeGreaterThanOrEqual(quickSettings.minSamples);
      }
    }
  });
});
