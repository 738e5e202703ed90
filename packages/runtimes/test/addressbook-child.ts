import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RuntimeFormat, RuntimeRequest } from "@wirebench/contracts";
import avro from "avsc";
import protobuf from "protobufjs";
import { expect } from "vitest";
import { type ChildRun, ofType, quickRuntimeSettings, runChildCommand } from "./child-run.ts";

/**
 * What the Go and Rust child tests share: the Go article's AddressBook (packages/conformance/data/
 * models) in the inputs each format's child reads, the references its bytes are checked against
 * (protobufjs, protoc's Python code) and the plan check. Each test keeps its own library list,
 * formats and error wording.
 */
const models = fileURLToPath(new URL("../../conformance/data/models/", import.meta.url));
export const protoFile = join(models, "addressbook-go.proto");
export const rootType = "wirebench.models.go.AddressBook";
/** The Protobuf tutorial's .proto as conformance vendors it: its java_/go_package options are the generators' to override. */
export const tutorialProto = join(models, "..", "protobuf", "addressbook.proto");
const tutorialJson = fileURLToPath(new URL("./fixtures/tutorial-addressbook.json", import.meta.url));
export const messages = readFileSync(join(models, "addressbook-go.ndjson"), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as Record<string, unknown>);

type Person = { email?: string; phones?: { number: string; type: string }[]; lastUpdated?: string };
const people = (m: Record<string, unknown>) => m.people as Person[];

/** Avro's JSON encoding of each message, written by avsc (Node's Avro library): unions as {"string": …}. */
export function avroJsonOf(avscFile: string): unknown[] {
  const type = avro.Type.forSchema(JSON.parse(readFileSync(avscFile, "utf8")));
  return messages.map((m) =>
    JSON.parse(
      type.toString({
        people: people(m).map((p) => ({
          ...p,
          email: p.email ?? null,
          phones: p.phones ?? [],
          lastUpdated: p.lastUpdated ?? null,
        })),
      }),
    ),
  );
}

/** Each message as protobufjs (Node) encodes it, base64: the bytes a runtime's Protobuf must write. */
export async function protobufjsBytes(): Promise<string[]> {
  const type = (await protobuf.load(protoFile)).lookupType(rootType);
  // protobufjs's fromObject takes a Timestamp as {seconds, nanos}, not RFC 3339.
  const timestamp = (s: string) => {
    const ms = Date.parse(s);
    return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1e6 };
  };
  return messages.map((m) => {
    const withTimestamps = people(m).map((p) => ({
      ...p,
      ...(p.lastUpdated ? { lastUpdated: timestamp(p.lastUpdated) } : {}),
    }));
    return Buffer.from(type.encode(type.fromObject({ people: withTimestamps })).finish()).toString("base64");
  });
}

/** The messages as canonical ProtoJSON writes them back: proto3 defaults left out (Alice's MOBILE, enum 0). */
export function withoutProto3Defaults(): unknown {
  const json = JSON.stringify(messages);
  expect(json).toContain('"type":"MOBILE"');
  return JSON.parse(json.replaceAll(',"type":"MOBILE"', ""));
}

/** The tutorial's two people in 228 B, as protoc --python_out writes them (packages/codecs/test/adapters/schema-as-written.test.ts). */
const tutorialHex =
  "0a730a12416c69636520536d6974682d576174736f6e10e9071a21616c6963652e736d69746840686f6d652e6578616d706c652d6d61696c2e636f6d220d0a0b2b312d3535352d30313030220f0a0b2b312d3535352d303130311001220f0a0b2b312d3535352d3031303210022a0608f09687af06" +
  "0a6d0a11526f62657274204a6f686e736f6e204a7210ea071a24726f626572742e6a6f686e736f6e40776f726b2e6578616d706c652d6d61696c2e6f726722140a102b34342d32302d373934362d30303030100122110a0f2b34342d373730302d3930303132332a060880b98baf06";

/** Asserts a run verified the tutorial's AddressBook byte for byte as protoc's Python code writes it. */
export function expectTutorialBytes(run: ChildRun): void {
  const [verified] = ofType(run, "verified");
  const hex = Buffer.from(verified?.encoded[0] ?? "", "base64").toString("hex");
  expect(hex.length / 2).toBe(228);
  expect(hex).toBe(tutorialHex);
}

/** Asserts every calibrated operation got the samples the plan asked for, in both rounds. */
export function expectPlannedSamples(run: ChildRun, operations: number): void {
  const samples = ofType(run, "samples");
  expect(run.plan.size).toBe(operations);
  for (const [key, wanted] of run.plan) {
    const [id, op] = key.split(" ");
    const got = samples.filter((s) => s.id === id && s.op === op);
    expect(got.flatMap((s) => s.nsPerOp).length, key).toBe(wanted);
    expect(new Set(got.map((s) => s.round)), key).toEqual(new Set([0, 1]));
    for (const s of got) for (const ns of s.nsPerOp) expect(ns).toBeGreaterThan(0);
  }
  for (const c of ofType(run, "calibrated")) expect(c.iterations).toBeGreaterThanOrEqual(1);
}

/**
 * A work folder holding the inputs (data.json, protojson.json, avrojson.json, tutorial.json, and
 * bad-proto.json / bad-avro.json that fit neither schema) and the request builders for a runtime
 * whose format ids end in `@${runtime}`.
 */
export function addressBookWorkDir(runtime: string, avscFile: string) {
  const dir = mkdtempSync(join(tmpdir(), `wirebench-${runtime}-`));
  writeFileSync(join(dir, "data.json"), JSON.stringify(messages));
  writeFileSync(join(dir, "protojson.json"), JSON.stringify(messages));
  writeFileSync(join(dir, "avrojson.json"), JSON.stringify(avroJsonOf(avscFile)));
  writeFileSync(join(dir, "tutorial.json"), `[${readFileSync(tutorialJson, "utf8")}]`);
  writeFileSync(join(dir, "bad-proto.json"), JSON.stringify([{ people: [{ name: 42 }] }]));
  writeFileSync(join(dir, "bad-avro.json"), JSON.stringify([{ people: [{ name: "x" }] }]));
  const fmt = (impl: string, format: string, input: string, schema?: string): RuntimeFormat => ({
    id: `${impl}@${runtime}`,
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
    settings: quickRuntimeSettings,
  });
  /** The tutorial's AddressBook through `impl`, with its own schema. */
  const tutorialFormat = (impl: string): RuntimeFormat => ({
    ...fmt(impl, "protobuf", "tutorial.json"),
    schema: { file: tutorialProto, rootType: "tutorial.AddressBook" },
  });
  /** Runs the child `cmd` on `formats` as the parent does; each calibrated operation gets `samples`. */
  const run = (cmd: string, formats: RuntimeFormat[], samples = 3) =>
    runChildCommand({ cmd, args: [] }, request(formats), { samples });
  return { dir, fmt, run, tutorialFormat, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
