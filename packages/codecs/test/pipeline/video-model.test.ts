import { readFileSync } from "node:fs";
import { inferDataset } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { compilerErrorLines } from "../../src/codegen/run-compiler.ts";
import { runComparison } from "../../src/index.ts";

const video = readFileSync(new URL("../fixtures/as-written/video.json", import.meta.url), "utf8");

describe("the C# study's Video model (fields named like their types: `Channel Channel`)", () => {
  it("compiles with flatc, capnp and thrift and round-trips exactly in every schema format", async () => {
    const formats = ["protobuf", "avro", "thrift-binary", "thrift-compact", "flatbuffers", "capnp"];
    const r = await runComparison(inferDataset(video), { verifyOnly: true, formats });
    for (const f of r.formats) {
      expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
      expect(f.fidelity.exact, f.id).toBe(true);
    }
    const fbs = r.formats.find((f) => f.id === "flatbuffers")?.artifacts?.find((a) => a.kind === "schema");
    // flatc refuses a field spelled exactly like its table; snake_case fields never are.
    expect(fbs?.text).toContain("channel:Channel");
  }, 120_000);
});

describe("null items of a scalar list in Cap'n Proto", () => {
  it("keep null apart from 0 (the scalar is held in a struct pointer that stays null)", async () => {
    const sample = JSON.stringify([{ tags: { x: [1, null, 3] } }, { tags: { y: [null] } }]);
    const r = await runComparison(inferDataset(sample), {
      verifyOnly: true,
      formats: ["capnp", "capnp-packed"],
    });
    for (const f of r.formats) {
      expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
      expect(f.fidelity.issues, f.id).toEqual([]);
    }
  }, 60_000);
});

describe("compilerErrorLines", () => {
  it("quotes flatc's error line, not the warnings printed before it", () => {
    const flatc = [
      "error:",
      "  /tmp/x/wirebench.fbs:5: 6: warning: field names should be lowercase snake_case, got: Name",
      "/tmp/x/wirebench.fbs:6: 13: warning: field names should be lowercase snake_case, got: Subscribers",
      "/tmp/x/wirebench.fbs:27: 9: error: field name can not be the same as table/struct name",
    ].join("\n");
    expect(compilerErrorLines(flatc)).toEqual([
      "/tmp/x/wirebench.fbs:27: 9: error: field name can not be the same as table/struct name",
    ]);
  });

  it("keeps the first lines when none names an error, and at most five", () => {
    const out = Array.from({ length: 9 }, (_, i) => `line ${i}`).join("\n");
    expect(compilerErrorLines(out)).toEqual(["line 0", "line 1", "line 2", "line 3", "line 4"]);
  });
});
