import { describe, expect, it } from "vitest";
import { goRuntime } from "../src/definitions/go.ts";
import { withGoAnnotations } from "../src/definitions/go-capnp.ts";
import { describeCountsInRuntime, describeIdlInRuntime } from "./idl-in-runtime.ts";

/**
 * The real Go child on Cap'n Proto (capnproto.org/go/capnp/v3 with capnpc-go's code, the value an
 * owned tree written and read through the schema's layout) from Node's own bytes (the `capnp` input
 * shape), beside FlatBuffers in the same run: the .capnp's and the .fbs's generated packages linked
 * into one binary. Fields are allocated in schema order, as capnp-es does: Node's bytes exactly.
 */
const available = (await goRuntime.detect()).available;

describeIdlInRuntime(
  {
    runtime: goRuntime,
    format: "capnp",
    version: "v3.1.0-alpha.1",
    besides: ["flatbuffers"],
    ids: ["capnp@go", "flatbuffers@go"],
  },
  available,
);

describe("go.capnp annotations on a copy of the schema", () => {
  it("puts the Go package and import path right after the file id", () => {
    const out = withGoAnnotations("# c\n@0xb6cca16642a5970d;\n\nstruct A { x @0 :Int32; }\n", "m/capnpgen");
    expect(out).toBe(
      '# c\n@0xb6cca16642a5970d;\nusing Go = import "/go.capnp";\n$Go.package("capnpgen");\n$Go.import("m/capnpgen");\n\nstruct A { x @0 :Int32; }\n',
    );
  });

  it("refuses a schema without a file id", () => {
    expect(() => withGoAnnotations("struct A {}\n", "m/capnpgen")).toThrow(/no file id/);
  });
});

// Counting needs the binary with the .fbs's and the .capnp's code linked in, as the timed run had it.
describeCountsInRuntime(goRuntime, ["flatbuffers@go", "capnp@go"], available);
