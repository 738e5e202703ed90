import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goModuleDir, goRuntime } from "../src/definitions/go.ts";
import * as book from "./addressbook-child.ts";
import { type ChildRun, ofType } from "./child-run.ts";

// The real Go child on the Go article's AddressBook, talking the protocol as the parent will: every
// line it writes is checked with the protocol's zod.
const avscFile = join(goModuleDir, "testdata", "addressbook.avsc");
const available = (await goRuntime.detect()).available;
const signal = () => new AbortController().signal;
type Work = ReturnType<typeof book.addressBookWorkDir>;
let work: Work;
const runGo = (generated: string[], formats: Parameters<Work["run"]>[1], samples = 3) =>
  work.run(goRuntime.command(generated).cmd, formats, samples);
let generated = "";

describe.skipIf(!available)("the Go child on AddressBook", () => {
  let run: ChildRun;
  beforeAll(async () => {
    work = book.addressBookWorkDir("go", avscFile);
    generated = join(work.dir, "generated");
    await goRuntime.generate?.(
      { idl: "proto", file: book.protoFile, rootType: book.rootType },
      generated,
      signal(),
    );
    const { fmt } = work;
    run = await runGo(
      [generated],
      [
        fmt("protobuf", "protobuf", "protojson.json", book.protoFile),
        fmt("vtprotobuf", "protobuf", "protojson.json", book.protoFile),
        fmt("goavro", "avro", "avrojson.json", avscFile),
        fmt("msgpack", "msgpack", "data.json"),
        fmt("cbor", "cbor", "data.json"),
        fmt("json", "json", "data.json"),
      ],
    );
  });
  afterAll(() => work?.remove());

  it("says hello first with Go's version and the exact module versions, and ends with done", () => {
    expect(run.code, run.stderr).toBe(0);
    const [hello] = ofType(run, "hello");
    expect(run.messages[0]).toBe(hello);
    expect(hello?.runtime).toBe("go");
    expect(hello?.runtimeVersion).toMatch(/^go\d+\.\d+/);
    for (const m of [
      "google.golang.org/protobuf",
      "github.com/planetscale/vtprotobuf",
      "github.com/vmihailenco/msgpack/v5",
      "github.com/linkedin/goavro/v2",
      "github.com/fxamacker/cbor/v2",
    ])
      expect(hello?.libraries[m]).toMatch(/^v\d+\.\d+\.\d+$/);
    expect(run.messages.at(-1)?.type).toBe("done");
    expect(ofType(run, "failed")).toEqual([]);
  });

  it("writes the same Protobuf bytes as protobufjs (Node) on the Go article's AddressBook", async () => {
    const nodeBytes = await book.protobufjsBytes();
    const encoded = (id: string) => ofType(run, "verified").find((v) => v.id === id)?.encoded;
    expect(encoded("protobuf@go")).toEqual(nodeBytes);
    expect(Buffer.from(nodeBytes[0] ?? "", "base64").length).toBe(206);
    // vtprotobuf's generated MarshalVT writes the same wire format.
    expect(encoded("vtprotobuf@go")).toEqual(nodeBytes);
  });

  it("writes the Protobuf tutorial's AddressBook in 228 B, byte for byte what protoc's Python code writes", async () => {
    const tutorial = join(work.dir, "tutorial");
    await goRuntime.generate?.(
      { idl: "proto", file: book.tutorialProto, rootType: "tutorial.AddressBook" },
      tutorial,
      signal(),
    );
    book.expectTutorialBytes(await runGo([tutorial], [work.tutorialFormat("protobuf")], 1));
  });

  it("round-trips every message exactly in all six formats", () => {
    const byId = new Map(ofType(run, "verified").map((v) => [v.id, v.decoded]));
    for (const id of ["msgpack@go", "cbor@go", "json@go"]) expect(byId.get(id), id).toEqual(book.messages);
    expect(byId.get("goavro@go")).toEqual(book.avroJsonOf(avscFile));
    const withoutDefaults = book.withoutProto3Defaults();
    expect(byId.get("protobuf@go")).toEqual(withoutDefaults);
    expect(byId.get("vtprotobuf@go")).toEqual(withoutDefaults);
  });

  it("times encode and decode of every format with the samples the plan asked for", () => {
    book.expectPlannedSamples(run, 12);
  });

  it("fails only the format whose message does not fit, and the schema-less binary has no Protobuf", async () => {
    const { fmt } = work;
    const bad = await runGo(
      [generated],
      [
        { ...fmt("protobuf", "protobuf", "bad-proto.json", book.protoFile), id: "bad-proto@go" },
        { ...fmt("goavro", "avro", "bad-avro.json", avscFile), id: "bad-avro@go" },
        fmt("json", "json", "data.json"),
      ],
      1,
    );
    const failed = new Map(ofType(bad, "failed").map((f) => [f.id, f.error]));
    expect([...failed.keys()].sort()).toEqual(["bad-avro@go", "bad-proto@go"]);
    expect(failed.get("bad-proto@go")).toMatch(/not ProtoJSON of wirebench\.models\.go\.AddressBook/);
    expect(ofType(bad, "verified").map((v) => v.id)).toEqual(["json@go"]);
    expect(ofType(bad, "samples").every((s) => s.id === "json@go")).toBe(true);

    const plain = await runGo([], [fmt("protobuf", "protobuf", "protojson.json", book.protoFile)], 1);
    expect(ofType(plain, "failed")[0]?.error).toMatch(
      /no generated Go code for wirebench\.models\.go\.AddressBook/,
    );
    expect(plain.messages.at(-1)?.type).toBe("done");
  });
});
