import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RuntimeFormat, RuntimeRequest } from "@wirebench/contracts";
import avro from "avsc";
import protobuf from "protobufjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rustRuntime, rustWorkspace } from "../src/definitions/rust.ts";
import { ofType, quickRustSettings, type RustChildRun, runRustChild } from "./rust-child-run.ts";

// The real Rust child on the Go article's AddressBook (packages/conformance/data/models), talking
// the protocol as the parent does: every line it writes is checked with the protocol's zod.
const models = join(rustWorkspace, "..", "..", "conformance", "data", "models");
const testdata = join(rustWorkspace, "testdata");
const protoFile = join(models, "addressbook-go.proto");
/** The Protobuf tutorial's AddressBook, shared with the Go test. */
const fixtures = fileURLToPath(new URL("./fixtures/", import.meta.url));
/** The tutorial's .proto as conformance vendors it: its java_/go_package options are the generators' to override. */
const tutorialProto = join(models, "..", "protobuf", "addressbook.proto");
const avscFile = join(testdata, "addressbook.avsc");
const rootType = "wirebench.models.go.AddressBook";
const messages = readFileSync(join(models, "addressbook-go.ndjson"), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as Record<string, unknown>);

type Person = { email?: string; phones?: { number: string; type: string }[]; lastUpdated?: string };
const avroType = avro.Type.forSchema(JSON.parse(readFileSync(avscFile, "utf8")));
// Avro's JSON encoding of each message, written by avsc (Node's Avro library): unions as {"string": …}.
const avroJson = messages.map((m) =>
  JSON.parse(
    avroType.toString({
      people: (m.people as Person[]).map((p) => ({
        ...p,
        email: p.email ?? null,
        phones: p.phones ?? [],
        lastUpdated: p.lastUpdated ?? null,
      })),
    }),
  ),
);

const available = (await rustRuntime.detect()).available;
let dir = "";
let generated = "";
const fmt = (impl: string, format: string, input: string, schema?: string): RuntimeFormat => ({
  id: `${impl}@rust`,
  format,
  impl,
  inputFile: join(dir, input),
  ...(schema ? { schema: { file: schema, rootType } } : {}),
});
const request = (formats: RuntimeFormat[]): RuntimeRequest => ({
  protocol: 1,
  process: 0,
  verify: true,
  workDir: dir,
  formats,
  settings: quickRustSettings,
});
const signal = () => new AbortController().signal;

describe.skipIf(!available)("the Rust child on AddressBook", () => {
  let run: RustChildRun;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "wirebench-rust-"));
    writeFileSync(join(dir, "data.json"), JSON.stringify(messages));
    writeFileSync(join(dir, "protojson.json"), JSON.stringify(messages));
    writeFileSync(join(dir, "avrojson.json"), JSON.stringify(avroJson));
    generated = join(dir, "generated");
    await rustRuntime.generate?.({ idl: "proto", file: protoFile, rootType }, generated, signal());
    run = await runRustChild(
      rustRuntime.command([generated]).cmd,
      request([
        fmt("prost", "protobuf", "protojson.json", protoFile),
        fmt("apache-avro", "avro", "avrojson.json", avscFile),
        fmt("rmp-serde", "msgpack", "data.json"),
        fmt("ciborium", "cbor", "data.json"),
        fmt("serde_json", "json", "data.json"),
      ]),
    );
    // Building the schema's binary takes half a minute of CPU; a loaded machine stretches it.
  }, 600_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
    const verified = ofType(run, "verified").find((v) => v.id === "prost@rust");
    const type = (await protobuf.load(protoFile)).lookupType(rootType);
    // protobufjs's fromObject takes a Timestamp as {seconds, nanos}, not RFC 3339.
    const timestamp = (s: string) => {
      const ms = Date.parse(s);
      return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 };
    };
    const nodeBytes = messages.map((m) => {
      const people = (m.people as Person[]).map((p) => ({
        ...p,
        ...(p.lastUpdated ? { lastUpdated: timestamp(p.lastUpdated) } : {}),
      }));
      return Buffer.from(type.encode(type.fromObject({ people })).finish()).toString("base64");
    });
    expect(verified?.encoded).toEqual(nodeBytes);
    expect(Buffer.from(nodeBytes[0] ?? "", "base64").length).toBe(206);
  });

  it("writes the Protobuf tutorial's AddressBook in 228 B, byte for byte what protoc's Python code writes", async () => {
    const tutorial = join(dir, "tutorial");
    const schema = { file: tutorialProto, rootType: "tutorial.AddressBook" };
    await rustRuntime.generate?.({ idl: "proto", ...schema }, tutorial, signal());
    writeFileSync(
      join(dir, "tutorial.json"),
      `[${readFileSync(join(fixtures, "tutorial-addressbook.json"), "utf8")}]`,
    );
    const format = { ...fmt("prost", "protobuf", "tutorial.json"), schema };
    const res = await runRustChild(rustRuntime.command([tutorial]).cmd, request([format]), 1);
    const [verified] = ofType(res, "verified");
    // The reference of packages/codecs/test/adapters/schema-as-written.test.ts (protoc --python_out).
    const reference =
      "0a730a12416c69636520536d6974682d576174736f6e10e9071a21616c6963652e736d69746840686f6d652e6578616d706c652d6d61696c2e636f6d220d0a0b2b312d3535352d30313030220f0a0b2b312d3535352d303130311001220f0a0b2b312d3535352d3031303210022a0608f09687af06" +
      "0a6d0a11526f62657274204a6f686e736f6e204a7210ea071a24726f626572742e6a6f686e736f6e40776f726b2e6578616d706c652d6d61696c2e6f726722140a102b34342d32302d373934362d30303030100122110a0f2b34342d373730302d3930303132332a060880b98baf06";
    const hex = Buffer.from(verified?.encoded[0] ?? "", "base64").toString("hex");
    expect(hex.length / 2).toBe(228);
    expect(hex).toBe(reference);
  });

  it("round-trips every message exactly in all five formats", () => {
    const byId = new Map(ofType(run, "verified").map((v) => [v.id, v.decoded]));
    for (const id of ["rmp-serde@rust", "ciborium@rust", "serde_json@rust"])
      expect(byId.get(id), id).toEqual(messages);
    expect(byId.get("apache-avro@rust")).toEqual(avroJson);
    // Canonical ProtoJSON leaves proto3 defaults out: the input spells Alice's MOBILE (enum 0).
    const withoutDefaults = JSON.parse(JSON.stringify(messages).replaceAll(',"type":"MOBILE"', ""));
    expect(JSON.stringify(messages)).toContain('"type":"MOBILE"');
    expect(byId.get("prost@rust")).toEqual(withoutDefaults);
  });

  it("writes MessagePack and CBOR maps in the data's key order", () => {
    const byId = new Map(ofType(run, "verified").map((v) => [v.id, v.encoded]));
    const first = (id: string) => Buffer.from(byId.get(id)?.[0] ?? "", "base64");
    // {"people": [{"name": …: a one-entry map, the key "people", a two-entry array, "name" first.
    expect(first("rmp-serde@rust").subarray(0, 10).toString("hex")).toBe("81a670656f706c659285");
    expect(first("ciborium@rust").subarray(0, 10).toString("hex")).toBe("a16670656f706c6582a5");
    expect(first("serde_json@rust").toString()).toBe(JSON.stringify(messages[0]));
  });

  it("times encode and decode of every format with the samples the plan asked for", () => {
    const samples = ofType(run, "samples");
    expect(run.plan.size).toBe(10);
    for (const [key, wanted] of run.plan) {
      const [id, op] = key.split(" ");
      const got = samples.filter((s) => s.id === id && s.op === op);
      expect(got.flatMap((s) => s.nsPerOp).length, key).toBe(wanted);
      expect(new Set(got.map((s) => s.round)), key).toEqual(new Set([0, 1]));
      for (const s of got) for (const ns of s.nsPerOp) expect(ns).toBeGreaterThan(0);
    }
    for (const c of ofType(run, "calibrated")) expect(c.iterations).toBeGreaterThanOrEqual(1);
  });

  it("fails only the format whose message does not fit, and the schema-less binary has no Protobuf", async () => {
    writeFileSync(join(dir, "bad-proto.json"), JSON.stringify([{ people: [{ name: 42 }] }]));
    writeFileSync(join(dir, "bad-avro.json"), JSON.stringify([{ people: [{ name: "x" }] }]));
    const formats = [
      { ...fmt("prost", "protobuf", "bad-proto.json", protoFile), id: "bad-proto@rust" },
      { ...fmt("apache-avro", "avro", "bad-avro.json", avscFile), id: "bad-avro@rust" },
      fmt("serde_json", "json", "data.json"),
    ];
    const bad = await runRustChild(rustRuntime.command([generated]).cmd, request(formats), 1);
    const failed = new Map(ofType(bad, "failed").map((f) => [f.id, f.error]));
    expect([...failed.keys()].sort()).toEqual(["bad-avro@rust", "bad-proto@rust"]);
    expect(failed.get("bad-proto@rust")).toMatch(/message 0: .*expected a string/);
    expect(failed.get("bad-avro@rust")).toMatch(/message 0: .*id: missing and has no default/);
    expect(ofType(bad, "verified").map((v) => v.id)).toEqual(["serde_json@rust"]);
    expect(ofType(bad, "samples").every((s) => s.id === "serde_json@rust")).toBe(true);
    expect(bad.messages.at(-1)?.type).toBe("done");

    const plain = await runRustChild(
      rustRuntime.command([]).cmd,
      request([fmt("prost", "protobuf", "protojson.json", protoFile)]),
      1,
    );
    expect(ofType(plain, "failed")[0]?.error).toMatch(/no \.proto schema compiled in/);
    expect(plain.messages.at(-1)?.type).toBe("done");
  });
});
