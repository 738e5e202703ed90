import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rustRuntime, rustWorkspace } from "../src/definitions/rust.ts";
import * as book from "./addressbook-child.ts";
import { type ChildRun, ofType } from "./child-run.ts";

// The real Rust child on the Go article's AddressBook, talking the protocol as the parent does:
// every line it writes is checked with the protocol's zod.
const avscFile = join(rustWorkspace, "testdata", "addressbook.avsc");
const available = (await rustRuntime.detect()).available;
const signal = () => new AbortController().signal;
type Work = ReturnType<typeof book.addressBookWorkDir>;
let work: Work;
const runRust = (generated: string[], formats: Parameters<Work["run"]>[1], samples = 3) =>
  work.run(rustRuntime.command(generated).cmd, formats, samples);
let generated = "";

describe.skipIf(!available)("the Rust child on AddressBook", () => {
  let run: ChildRun;
  beforeAll(async () => {
    work = book.addressBookWorkDir("rust", avscFile);
    generated = join(work.dir, "generated");
    await rustRuntime.generate?.(
      { idl: "proto", file: book.protoFile, rootType: book.rootType },
      generated,
      signal(),
    );
    const { fmt } = work;
    run = await runRust(
      [generated],
      [
        fmt("prost", "protobuf", "protojson.json", book.protoFile),
        fmt("apache-avro", "avro", "avrojson.json", avscFile),
        fmt("rmp-serde", "msgpack", "data.json"),
        fmt("ciborium", "cbor", "data.json"),
        fmt("serde_json", "json", "data.json"),
      ],
    );
    // Building the schema's binary takes half a minute of CPU; a loaded machine stretches it.
  }, 600_000);
  afterAll(() => work?.remove());

  it("says hello first with rustc's version and the exact crate versions, and ends with done", () => {
    expect(run.code, run.stderr).toBe(0);
    const [hello] = ofType(run, "hello");
    expect(run.messages[0]).toBe(hello);
    expect(hello?.runtime).toBe("rust");
    expect(hello?.runtimeVersion).toMatch(/^rustc \d+\.\d+\.\d+/);
    const lock = readFileSync(join(rustWorkspace, "Cargo.lock"), "utf8");
    for (const crate of ["prost", "apache-avro", "rmp-serde", "ciborium", "serde_json"]) {
      const pinned = new RegExp(`name = "${crate}"\\nversion = "([^"]+)"`).exec(lock)?.[1];
      expect(hello?.libraries[crate], crate).toBe(pinned);
    }
    expect(run.messages.at(-1)?.type).toBe("done");
    expect(ofType(run, "failed")).toEqual([]);
  });

  it("writes the same Protobuf bytes as protobufjs (Node) on the Go article's AddressBook", async () => {
    const nodeBytes = await book.protobufjsBytes();
    expect(ofType(run, "verified").find((v) => v.id === "prost@rust")?.encoded).toEqual(nodeBytes);
    expect(Buffer.from(nodeBytes[0] ?? "", "base64").length).toBe(206);
  });

  it("writes the Protobuf tutorial's AddressBook in 228 B, byte for byte what protoc's Python code writes", async () => {
    const tutorial = join(work.dir, "tutorial");
    await rustRuntime.generate?.(
      { idl: "proto", file: book.tutorialProto, rootType: "tutorial.AddressBook" },
      tutorial,
      signal(),
    );
    book.expectTutorialBytes(await runRust([tutorial], [work.tutorialFormat("prost")], 1));
  });

  it("round-trips every message exactly in all five formats", () => {
    const byId = new Map(ofType(run, "verified").map((v) => [v.id, v.decoded]));
    for (const id of ["rmp-serde@rust", "ciborium@rust", "serde_json@rust"])
      expect(byId.get(id), id).toEqual(book.messages);
    expect(byId.get("apache-avro@rust")).toEqual(book.avroJsonOf(avscFile));
    expect(byId.get("prost@rust")).toEqual(book.withoutProto3Defaults());
  });

  it("writes MessagePack and CBOR maps in the data's key order", () => {
    const byId = new Map(ofType(run, "verified").map((v) => [v.id, v.encoded]));
    const first = (id: string) => Buffer.from(byId.get(id)?.[0] ?? "", "base64");
    // {"people": [{"name": …: a one-entry map, the key "people", a two-entry array, "name" first.
    expect(first("rmp-serde@rust").subarray(0, 10).toString("hex")).toBe("81a670656f706c659285");
    expect(first("ciborium@rust").subarray(0, 10).toString("hex")).toBe("a16670656f706c6582a5");
    expect(first("serde_json@rust").toString()).toBe(JSON.stringify(book.messages[0]));
  });

  it("times encode and decode of every format with the samples the plan asked for", () => {
    book.expectPlannedSamples(run, 10);
  });

  it("fails only the format whose message does not fit, and the schema-less binary has no Protobuf", async () => {
    const { fmt } = work;
    const bad = await runRust(
      [generated],
      [
        { ...fmt("prost", "protobuf", "bad-proto.json", book.protoFile), id: "bad-proto@rust" },
        { ...fmt("apache-avro", "avro", "bad-avro.json", avscFile), id: "bad-avro@rust" },
        fmt("serde_json", "json", "data.json"),
      ],
      1,
    );
    const failed = new Map(ofType(bad, "failed").map((f) => [f.id, f.error]));
    expect([...failed.keys()].sort()).toEqual(["bad-avro@rust", "bad-proto@rust"]);
    expect(failed.get("bad-proto@rust")).toMatch(/message 0: .*expected a string/);
    expect(failed.get("bad-avro@rust")).toMatch(/message 0: .*id: missing and has no default/);
    expect(ofType(bad, "verified").map((v) => v.id)).toEqual(["serde_json@rust"]);
    expect(ofType(bad, "samples").every((s) => s.id === "serde_json@rust")).toBe(true);
    expect(bad.messages.at(-1)?.type).toBe("done");

    const plain = await runRust([], [fmt("prost", "protobuf", "protojson.json", book.protoFile)], 1);
    expect(ofType(plain, "failed")[0]?.error).toMatch(/no \.proto schema compiled in/);
    expect(plain.messages.at(-1)?.type).toBe("done");
  });
});
