import { describe, expect, it } from "vitest";
import { goRuntime } from "../src/definitions/go.ts";
import { patchOptionalStrings } from "../src/definitions/go-flatbuffers.ts";
import { describeIdlInRuntime } from "./idl-in-runtime.ts";

/**
 * The real Go child on FlatBuffers (flatc --go --gen-object-api, github.com/google/flatbuffers/go
 * 2.0.8) from Node's own bytes (the `flatbuffers` input shape), beside Protobuf in the same run: the
 * .proto's and the .fbs's generated packages linked into one binary (`link`). flatc's Go builder
 * adds a table's fields in declaration order, as its TypeScript does (Rust's and Java's go largest
 * first): Node's bytes exactly. The inferred schema's null string needs the optional-string patch.
 */
const available = (await goRuntime.detect()).available;

describeIdlInRuntime(
  {
    runtime: goRuntime,
    format: "flatbuffers",
    version: "v2.0.8+incompatible",
    besides: ["protobuf"],
    ids: ["flatbuffers@go", "protobuf@go", "vtprotobuf@go"],
  },
  available,
);

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
