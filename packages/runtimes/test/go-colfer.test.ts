import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FormatResult, quickSettings, runComparison } from "@wirebench/codecs";
import { emitColfer, loadDataset } from "@wirebench/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goRuntime } from "../src/definitions/go.ts";
import { crossRuntimeBytes, measureInRuntime, type RuntimeRun } from "../src/index.ts";
import { addressBook } from "./addressbook.ts";
import { expectTimingsWithCi } from "./expect-timings.ts";

/**
 * The real Go child on Colfer (colf 1.8.1's generated code, the `colfer` input shape): Colfer has no
 * Node implementation, so its bytes are its own; fidelity is the data model's round trip through the
 * emitted .colf, which holds what Colfer has no null or presence for in wrapper structs.
 */
const available = (await goRuntime.detect()).available;
const byId = (run: RuntimeRun, id: string) => run.formats.find((e) => e.id === id) as FormatResult;

describe.skipIf(!available)("colfer@go on AddressBook beside flatbuffers@go and json@go", () => {
  const workDir = mkdtempSync(join(tmpdir(), "wb-go-colfer-"));
  let run: RuntimeRun;
  let protobuf: FormatResult;
  beforeAll(async () => {
    run = await measureInRuntime(goRuntime, {
      dataset: addressBook(),
      formats: ["colfer", "flatbuffers", "json"],
      settings: quickSettings,
      processes: 1,
      workDir,
    });
    protobuf = (await runComparison(addressBook(), { formats: ["protobuf"], quick: true, verifyOnly: true }))
      .formats[0] as FormatResult;
  }, 600_000);
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it("measures every format of the run (the .colf's and the .fbs's code in one binary)", () => {
    expect(run.formats.map((f) => f.id).sort()).toEqual(["colfer@go", "flatbuffers@go", "json@go"]);
    for (const f of run.formats) expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
    expect(byId(run, "colfer@go").version).toBe("v1.8.1");
  });

  it("round-trips as the user's .proto does, in fewer bytes than JSON", () => {
    const colfer = byId(run, "colfer@go");
    // A message-typed Timestamp has presence in the .proto: held in a wrapper struct, as epoch ms.
    expect(colfer.limitations?.map((l) => `${l.code} ${l.path}`)).toEqual([
      "optional-scalar-wrapped Person.last_updated",
      "timestamp-as-millis Person.last_updated",
    ]);
    // The .proto's fields are proto3 singular and repeated (not optional in the IR): Carol's absent
    // email and phones read back as "" and [], exactly what Node's protobuf entry reports, no more.
    expect(colfer.fidelity).toEqual(protobuf.fidelity);
    expect(colfer.fidelity?.issues.map((i) => i.path)).toEqual(["#1/people/0/email", "#1/people/0/phones"]);
    expect(colfer.bytes).toBeGreaterThan(0);
    expect(colfer.bytes).toBeLessThan(byId(run, "json@go").bytes);
  });

  it("is compared with no other runtime's bytes (Colfer is Go-only here)", () => {
    expect(crossRuntimeBytes(run.formats).find((c) => c.format === "colfer")).toBeUndefined();
  });

  it("times encode and decode with confidence intervals", () => {
    expectTimingsWithCi(run.formats);
  });
});

// Untyped JSON whose inferred schema needs every wrapper emitColfer writes: an optional field, null
// numbers and text, a list of bool, a list of lists, 64-bit integers, doubles, bytes as base64 text.
const inferred = loadDataset({
  text: `[
    {"id": 1, "score": 0.1, "ok": [true, false], "note": "x", "grid": [[1.5], []], "items": [{"n": 1}], "extra": "e"},
    {"id": -5, "score": null, "ok": [], "note": null, "grid": [], "items": [{"n": 9007199254740993}]},
    {"id": 7, "score": -1e300, "ok": [false], "note": "", "grid": [[0.25, 2]], "items": []}
  ]`,
  sampleFormat: "json",
});

describe.skipIf(!available)("colfer@go on an inferred schema", () => {
  const workDir = mkdtempSync(join(tmpdir(), "wb-go-colfer-inferred-"));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it("round-trips exactly, with the limitations emitColfer reported", async () => {
    const run = await measureInRuntime(goRuntime, {
      dataset: inferred,
      formats: ["colfer", "json"],
      settings: quickSettings,
      processes: 1,
      workDir,
    });
    const f = byId(run, "colfer@go");
    expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
    expect(f.fidelity).toMatchObject({ exact: true, issues: [] });
    expect(f.bytes).toBeGreaterThan(0);
    expect(f.bytes).toBeLessThan(byId(run, "json@go").bytes);
    expectTimingsWithCi([f]);
    // The entry carries what emitColfer changed, as Node's IDL entries carry their emitters'.
    expect(f.limitations).toEqual(emitColfer(inferred.schema).limitations);
    expect(f.limitations?.map((l) => `${l.code} ${l.path}`)).toEqual(
      expect.arrayContaining(["bool-list-as-int32 Root.ok", "nested-list-wrapped Root.grid"]),
    );
  }, 600_000);
});
