import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CorpusEntry, documentsOf, loadCorpus } from "../src/corpus.ts";
import { emittedSchemaFormats, ownSchemaFormats, ruleOf, schemalessFormats } from "../src/format-rules.ts";
import { type ReferenceJob, referenceEncodings } from "../src/reference-bytes.ts";
import { runConformance } from "../src/run-conformance.ts";

// The fast part of `npm run conformance`: one document per reference path. The full corpus runs in
// `npm run conformance` (every document, a few minutes).
const corpus = loadCorpus();
const entry = (id: string): CorpusEntry => {
  const e = corpus.find((x) => x.id === id);
  if (!e) throw new Error(`no corpus entry ${id}`);
  return e;
};

describe("Wirebench's bytes against the reference encoders", () => {
  it("Avro (Apache avro) and every schemaless reference on a real Avro weather record", async () => {
    const rows = await runConformance([entry("avro-weather")], { only: ["weather.ndjson#1"] });
    expect(rows.map((r) => r.format).sort()).toEqual([...schemalessFormats, ...emittedSchemaFormats].sort());
    for (const r of rows) expect(r, `${r.format}: ${r.detail}`).toMatchObject({ status: "match" });
    // Avro's encoding is canonical: the match must be byte for byte, not just in size.
    expect(rows.find((r) => r.format === "avro")).toMatchObject({ rule: "bytes", detail: "byte-identical" });
    const avro = rows.find((r) => r.format === "avro");
    expect(avro?.oursHex).toBe(avro?.theirsHex);
  });

  it("Protobuf (protoc + Python protobuf) byte for byte on the Video model's own .proto", async () => {
    const rows = await runConformance([entry("model-video-proto")], { only: ["video.ndjson#1"] });
    const proto = rows.find((r) => r.format === "protobuf");
    expect(proto).toMatchObject({ status: "match", rule: "bytes", detail: "byte-identical" });
    expect(proto?.ours).toBeGreaterThan(300);
    expect(proto?.ours).toBe(proto?.theirs);
  });

  it("a JSON Schema document: the references re-encode Wirebench's Protobuf and Avro bytes identically", async () => {
    const rows = await runConformance([entry("schemastore-gpc")], { only: ["from-spec.json"] });
    for (const format of ["protobuf", "avro"]) {
      const r = rows.find((x) => x.format === format);
      expect(r?.reference).toMatch(/re-encoding ours/);
      expect(r, `${format}: ${r?.detail}`).toMatchObject({ status: "match", rule: "bytes" });
    }
  });

  it("Thrift, FlatBuffers and Cap'n Proto references read the schemas Wirebench emitted and agree", async () => {
    const rows = await runConformance([entry("avro-weather")], { only: ["weather.ndjson#2"] });
    for (const format of ["thrift-binary", "thrift-compact", "capnp", "capnp-packed"]) {
      const r = rows.find((x) => x.format === format);
      expect(r, `${format}: ${r?.detail}`).toMatchObject({ status: "match", detail: "byte-identical" });
    }
    // flatc lays the buffer out its own way: only the value must agree, and the table shows the sizes.
    const fb = rows.find((x) => x.format === "flatbuffers");
    expect(fb, fb?.detail).toMatchObject({ status: "match", rule: "value" });
    expect(fb?.theirs).toBeGreaterThan(0);
  });

  it("a user's own .thrift: both protocols byte for byte with Apache thrift over the same file", async () => {
    const rows = await runConformance([entry("thrift-test-xtruct2")]);
    for (const format of ["thrift-binary", "thrift-compact"]) {
      const r = rows.find((x) => x.format === format);
      expect(r?.reference).not.toMatch(/re-encoding/);
      expect(r, `${format}: ${r?.detail}`).toMatchObject({ status: "match", detail: "byte-identical" });
    }
  });

  it("the references encode every Thrift, FlatBuffers and Cap'n Proto document of the corpus", () => {
    const work = mkdtempSync(join(tmpdir(), "conformance-test-"));
    try {
      const jobs: ReferenceJob[] = corpus
        .filter((e) => e.kind === "thrift" || e.kind === "fbs" || e.kind === "capnp")
        .flatMap((e) =>
          documentsOf(e).flatMap((d) =>
            ownSchemaFormats[e.kind as "thrift" | "fbs" | "capnp"].map((format) => ({
              key: d.id,
              format: ruleOf(format).reference,
              document: d.text,
              ...(d.schemaPath ? { schema: d.schemaPath } : {}),
              ...(e.root ? { root: e.root } : {}),
              work: join(work, String(Math.random()).slice(2)),
            })),
          ),
        );
      // 7 Thrift documents × 2 protocols, 5 FlatBuffers, 5 Cap'n Proto × 2.
      expect(jobs.length).toBe(7 * 2 + 5 + 5 * 2);
      for (const r of referenceEncodings(jobs)) expect(r.error, `${r.key} ${r.format}`).toBeUndefined();
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it("a schema Wirebench refuses on purpose is reported as refused, naming why, not as a match", async () => {
    const rows = await runConformance([entry("thrift-tutorial-work")], { only: ["work.ndjson#1"] });
    const r = rows.find((x) => x.format === "thrift-binary");
    expect(r?.status).toBe("refused");
    expect(r?.detail).toMatch(/shared\.thrift/);
  });

  it("a recursive Avro schema (interop.avsc's Node) matches Apache avro byte for byte", async () => {
    const rows = await runConformance([entry("avro-interop")]);
    expect(rows.find((r) => r.format === "avro")).toMatchObject({
      status: "match",
      detail: "byte-identical",
    });
  });

  it("a refusal the corpus expects but that no longer happens is a mismatch to look at", async () => {
    const rows = await runConformance([{ ...entry("avro-interop"), refused: "recursive" }]);
    const avro = rows.find((r) => r.format === "avro");
    expect(avro?.status).toBe("mismatch");
    expect(avro?.detail).toMatch(/expected a refusal naming "recursive", got bytes/);
  });
});
