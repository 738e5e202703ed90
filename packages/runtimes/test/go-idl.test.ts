import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FormatResult, quickSettings, runComparison } from "@wirebench/codecs";
import { type Dataset, loadDataset } from "@wirebench/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goRuntime } from "../src/definitions/go.ts";
import { patchOptionalStrings } from "../src/definitions/go-flatbuffers.ts";
import { crossRuntimeBytes, measureInRuntime, type RuntimeRun } from "../src/index.ts";
import { addressBook } from "./addressbook.ts";
import { expectTimingsWithCi } from "./expect-timings.ts";

/**
 * The parent driving the real Go child on FlatBuffers (flatc --go --gen-object-api,
 * github.com/google/flatbuffers/go 2.0.8) from Node's own bytes (the `flatbuffers` input shape),
 * beside Protobuf in the same run: the .proto's and the .fbs's generated code linked into one binary.
 */
const dataset = addressBook();
const available = (await goRuntime.detect()).available;

describe.skipIf(!available)("measureInRuntime with the Go child: FlatBuffers beside Protobuf", () => {
  const workDir = mkdtempSync(join(tmpdir(), "wb-go-idl-"));
  let run: RuntimeRun;
  let node: FormatResult[];
  const entry = (id: string) => run.formats.find((e) => e.id === id) as FormatResult;
  const nodeEntry = (id: string) => node.find((e) => e.id === id) as FormatResult;
  beforeAll(async () => {
    run = await measureInRuntime(goRuntime, {
      dataset,
      formats: ["flatbuffers", "protobuf"],
      settings: quickSettings,
      processes: 1,
      workDir,
    });
    node = (await runComparison(dataset, { formats: ["flatbuffers"], quick: true, verifyOnly: true }))
      .formats;
  }, 600_000);
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it("measures FlatBuffers and Protobuf in one linked binary, stamped with the module go.mod pins", () => {
    for (const f of run.formats) expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
    expect(entry("flatbuffers@go").version).toBe("v2.0.8+incompatible");
    // The protobuf entries ran from the same combined binary as flatbuffers@go (the .proto's code in it).
    expect(run.formats.map((f) => f.id).sort()).toEqual(["flatbuffers@go", "protobuf@go", "vtprotobuf@go"]);
    expect(entry("protobuf@go").digest).toBe(entry("vtprotobuf@go").digest);
  });

  it("FlatBuffers: Node's fidelity and Node's very bytes", () => {
    const fb = entry("flatbuffers@go");
    const n = nodeEntry("flatbuffers");
    // Carol's absent email and phones come back empty in Node's own round trip too: the same issues.
    expect(fb.fidelity).toEqual(n.fidelity);
    // flatc's Go builder adds a table's fields in declaration order, as its TypeScript does (Rust's and
    // Java's go largest first): the same layout, byte for byte.
    expect(fb.bytes).toBe(n.bytes);
    expect(fb.digest).toBe(n.digest);
    const cross = crossRuntimeBytes([...node, ...run.formats]);
    expect(cross.find((c) => c.format === "flatbuffers")).toMatchObject({
      same: ["flatbuffers@go"],
      different: [],
    });
  });

  it("times encode and decode with confidence intervals", () => {
    expectTimingsWithCi(run.formats);
  });
});

// Untyped JSON (schema inferred, emitted as .fbs): 64-bit integers, doubles, booleans, lists of text
// and of tables, a null string (absent, which flatc 2.0.8's Go object API would turn into ""), base64 text.
const mixed: Dataset = loadDataset({
  text: JSON.stringify([
    { id: 1, score: 0.1, ok: true, tags: ["a", "b"], note: "x", items: [{ n: 1, w: 2.5 }], blob: "AP8=" },
    { id: -5, score: -1e300, ok: false, tags: [], note: null, items: [], blob: "" },
  ]),
  sampleFormat: "json",
});

describe.skipIf(!available)("the Go child's FlatBuffers on an inferred schema", () => {
  const workDir = mkdtempSync(join(tmpdir(), "wb-go-idl-mixed-"));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it("round-trips exactly, as Node does, in Node's bytes", async () => {
    const run = await measureInRuntime(goRuntime, {
      dataset: mixed,
      formats: ["flatbuffers"],
      settings: quickSettings,
      processes: 1,
      workDir,
    });
    const n = (await runComparison(mixed, { formats: ["flatbuffers"], quick: true, verifyOnly: true }))
      .formats[0];
    const f = run.formats.find((e) => e.id === "flatbuffers@go") as FormatResult;
    expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
    expect(f.fidelity).toMatchObject({ exact: true, issues: [] });
    expect(n?.fidelity).toMatchObject({ exact: true, issues: [] });
    expect(f.digest).toBe(n?.digest);
    expectTimingsWithCi([f]);
  }, 600_000);
});

describe("flatc Go optional-string patch", () => {
  const go = [
    "type RootT struct {",
    '\tId_ int32 `json:"id_"`',
    '\tNote string `json:"note"`',
    '\tTags []string `json:"tags"`',
    "}",
    "",
    "func (t *RootT) Pack(builder *flatbuffers.Builder) flatbuffers.UOffsetT {",
    "\tnoteOffset := builder.CreateString(t.Note)",
    "\t\ttagsOffsets[j] = builder.CreateString(t.Tags[j])",
    "}",
    "func (rcv *Root) UnPackTo(t *RootT) {",
    "\tt.Note = string(rcv.Note())",
    "\t\tt.Tags[j] = string(rcv.Tags(j))",
    "}",
  ].join("\n");
  const patched = patchOptionalStrings(go);

  it("makes a table's string a pointer, packed when set and unpacked when present", () => {
    expect(patched).toContain('\tNote *string `json:"note"`');
    expect(patched).toContain("\tif t.Note != nil {\n\t\tnoteOffset = builder.CreateString(*t.Note)\n\t}");
    expect(patched).toContain("\tif b := rcv.Note(); b != nil {\n\t\ts := string(b)\n\t\tt.Note = &s\n\t}");
  });

  it("leaves scalars and the strings of a vector alone", () => {
    expect(patched).toContain('\tId_ int32 `json:"id_"`');
    expect(patched).toContain('\tTags []string `json:"tags"`');
    expect(patched).toContain("tagsOffsets[j] = builder.CreateString(t.Tags[j])");
    expect(patched).toContain("t.Tags[j] = string(rcv.Tags(j))");
  });
});
