import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runComparison } from "@wirebench/codecs";
import type { RuntimeRequest } from "@wirebench/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { javaRuntime } from "../src/definitions/java.ts";
import { addressBook } from "./addressbook.ts";
import { type ChildRun, ofType, runJavaChild, testSettings } from "./java-child.ts";

/**
 * The real Java child on the AddressBook model (packages/conformance/data/models/addressbook-go.*),
 * spoken to directly with the protocol: eight formats, one message that does not fit the schema, and
 * an implementation the runtime does not have.
 */
const models = fileURLToPath(new URL("../../conformance/data/models/", import.meta.url));
const fixtures = fileURLToPath(new URL("./fixtures/java/", import.meta.url));
const protoFile = join(models, "addressbook-go.proto");
const ndjson = readFileSync(join(models, "addressbook-go.ndjson"), "utf8");
const messages = ndjson
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as unknown);
const rootType = "wirebench.models.go.AddressBook";
const javaOnPath = spawnSync("java", ["-version"]).status === 0;
const exactFormats = ["avro", "json", "cbor", "smile", "msgpack", "kryo", "fory"];

describe.skipIf(!javaOnPath)("Java child (real JVM) on AddressBook", () => {
  let work: string;
  let genDir: string;
  let run: ChildRun;
  const inputs: Record<string, string> = {};

  beforeAll(async () => {
    const available = await javaRuntime.detect();
    // Java is here, so setup (npm run setup) must have built the harness: a missing jar is a failure.
    expect(available, available.reason).toMatchObject({ available: true });
    work = mkdtempSync(join(tmpdir(), "wirebench-java-test-"));
    genDir = join(work, "gen");
    await javaRuntime.generate?.(
      { idl: "proto", file: protoFile, rootType },
      genDir,
      AbortSignal.timeout(120_000),
    );
    const write = (name: string, value: unknown) => {
      inputs[name] = join(work, `${name}.json`);
      writeFileSync(inputs[name], JSON.stringify(value));
    };
    write("protojson", messages);
    write("data", messages);
    // A phone type the enum lacks: this message does not fit the .proto.
    write("misfit", [{ people: [{ name: "Dan", phones: [{ number: "1", type: "FAX" }] }] }]);
    inputs.avrojson = join(fixtures, "addressbook-go.avro.json");
    const data = (id: string) => ({
      id: `${id}@java`,
      format: id,
      impl: id,
      inputFile: inputs.data as string,
    });
    const request: RuntimeRequest = {
      protocol: 1,
      process: 0,
      verify: true,
      workDir: work,
      settings: testSettings,
      formats: [
        {
          id: "protobuf@java",
          format: "protobuf",
          impl: "protobuf",
          inputFile: inputs.protojson as string,
          schema: { file: protoFile, rootType },
          generatedDir: genDir,
        },
        {
          id: "avro@java",
          format: "avro",
          impl: "avro",
          inputFile: inputs.avrojson,
          schema: { file: join(fixtures, "addressbook-go.avsc"), rootType },
        },
        data("json"),
        data("cbor"),
        data("smile"),
        data("msgpack"),
        data("kryo"),
        data("fory"),
        {
          id: "misfit@java",
          format: "protobuf",
          impl: "protobuf",
          inputFile: inputs.misfit as string,
          schema: { file: protoFile, rootType },
          generatedDir: genDir,
        },
        { id: "nope@java", format: "nope", impl: "nope", inputFile: inputs.data as string },
      ],
    };
    run = await runJavaChild(request, [genDir]);
  });

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("generate compiled protoc's Java classes of the .proto", () => {
    const classes = readdirSync(join(genDir, "classes"), { recursive: true, encoding: "utf8" });
    expect(classes.some((f) => f.endsWith("AddressBook.class"))).toBe(true);
  });

  it("speaks the protocol: hello first, ready before samples, done last, exit 0", () => {
    expect(run.code, run.stderr).toBe(0);
    const types = run.messages.map((m) => m.type);
    expect(types[0]).toBe("hello");
    expect(types.at(-1)).toBe("done");
    expect(types.indexOf("ready")).toBeLessThan(types.indexOf("samples"));
    const hello = ofType(run.messages, "hello")[0];
    expect(hello?.runtime).toBe("java");
    expect(hello?.libraries["com.google.protobuf:protobuf-java"]).toMatch(/^3\.21\./);
    expect(ofType(run.messages, "done")[0]?.checksum).not.toBe(0);
  });

  it("writes the same Protobuf bytes as Node (protobufjs)", async () => {
    const dataset = addressBook();
    const node = await runComparison(dataset, { formats: ["protobuf"], verifyOnly: true });
    const nodeProto = node.formats.find((f) => f.id === "protobuf");
    expect(nodeProto?.ok, nodeProto?.error).toBe(true);
    const java = ofType(run.messages, "verified").find((m) => m.id === "protobuf@java");
    expect(java?.encoded).toHaveLength(messages.length);
    const javaBytes = java?.encoded.map((b) => Buffer.from(b, "base64")) ?? [];
    expect(javaBytes.reduce((n, b) => n + b.length, 0)).toBe(nodeProto?.bytes);
    expect(java?.encoded[0]).toBe(nodeProto?.firstMessage?.base64);
  });

  it("round-trips AddressBook exactly in avro, json, cbor, smile, msgpack, kryo and fory", () => {
    const verified = ofType(run.messages, "verified");
    for (const id of exactFormats) {
      const v = verified.find((m) => m.id === `${id}@java`);
      const input = id === "avro" ? JSON.parse(readFileSync(inputs.avrojson as string, "utf8")) : messages;
      expect(v?.decoded, id).toEqual(input);
      expect(v?.notes?.length, id).toBeGreaterThan(0);
    }
  });

  it("times encode and decode of every format with the planned samples, all positive", () => {
    for (const id of ["protobuf", ...exactFormats]) {
      for (const op of ["encode", "decode"] as const) {
        const cal = ofType(run.messages, "calibrated").find((m) => m.id === `${id}@java` && m.op === op);
        expect(cal?.iterations, `${id} ${op}`).toBeGreaterThanOrEqual(1);
        const sets = ofType(run.messages, "samples").filter((m) => m.id === `${id}@java` && m.op === op);
        const planned = run.plan.find((p) => p.id === `${id}@java` && p.op === op)?.samples;
        expect(
          sets.reduce((n, s) => n + s.nsPerOp.length, 0),
          `${id} ${op}`,
        ).toBe(planned);
        expect(new Set(sets.map((s) => s.round)).size).toBe(testSettings.rounds);
        for (const s of sets) {
          expect(s.iterations).toBe(cal?.iterations);
          for (const ns of s.nsPerOp) expect(ns).toBeGreaterThan(0);
        }
      }
    }
  });

  it("fails only the format whose message does not fit, and names an implementation it lacks", () => {
    const failed = ofType(run.messages, "failed");
    expect(failed.map((f) => f.id).sort()).toEqual(["misfit@java", "nope@java"]);
    expect(failed.find((f) => f.id === "misfit@java")?.error).toMatch(/message 0 does not fit.*FAX/);
    expect(failed.find((f) => f.id === "nope@java")?.error).toMatch(/no implementation "nope"/);
    const timed = new Set(ofType(run.messages, "samples").map((s) => s.id));
    expect(timed.has("misfit@java")).toBe(false);
    expect(timed.size).toBe(1 + exactFormats.length);
  });
});
