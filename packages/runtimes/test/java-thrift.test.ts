import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareThrift, structToThriftJson } from "@wirebench/codecs/runtime-bridge";
import type { RuntimeRequest } from "@wirebench/contracts";
import { emitThrift } from "@wirebench/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { javaRuntime } from "../src/definitions/java.ts";
import { addressBook } from "./addressbook.ts";
import { type ChildRun, ofType, runJavaChild, testSettings } from "./java-child.ts";

/**
 * Apache Thrift in the Java child (thrift --gen java 0.17, libthrift 0.17.0), binary and compact, on
 * AddressBook: the input is each message in TJSONProtocol, one per line, written by Node's `thrift`
 * library from the Node adapter's own structs (the `thriftjson` shape, src/inputs/thrift-json.ts).
 */
const available = (await javaRuntime.detect()).available;

describe.skipIf(!available)("thrift@java (binary, compact) on AddressBook", () => {
  const dataset = addressBook();
  const work = mkdtempSync(join(tmpdir(), "wb-java-thrift-"));
  const emitted = emitThrift(dataset.schema);
  const nodeBytes: Record<string, string[]> = {};
  let inputs: string[];
  let run: ChildRun;
  beforeAll(async () => {
    for (const protocol of ["binary", "compact"] as const) {
      const dir = join(work, `node-${protocol}`);
      mkdirSync(dir, { recursive: true });
      const codec = await prepareThrift(dataset, emitted, dir, protocol);
      nodeBytes[protocol] = codec.inputs.map((m) => Buffer.from(codec.encode(m)).toString("base64"));
      inputs ??= codec.inputs.map(structToThriftJson);
    }
    const schemaFile = join(work, emitted.fileName);
    writeFileSync(schemaFile, emitted.text);
    const inputFile = join(work, "input.thriftjson");
    writeFileSync(inputFile, inputs.map((l) => `${l}\n`).join(""));
    const gen = join(work, "gen");
    const schema = { file: schemaFile, rootType: emitted.rootType };
    await javaRuntime.generate?.({ idl: "thrift", ...schema }, gen, AbortSignal.timeout(120_000));
    const format = (protocol: string) => ({
      id: `thrift-${protocol}@java`,
      format: "thrift",
      impl: `thrift-${protocol}`,
      inputFile,
      schema,
      generatedDir: gen,
    });
    const request: RuntimeRequest = {
      protocol: 1,
      process: 0,
      verify: true,
      workDir: work,
      settings: testSettings,
      formats: [format("binary"), format("compact")],
    };
    run = await runJavaChild(request, [gen]);
  }, 300_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("writes Node's bytes in both protocols and decodes back to the same TJSON", () => {
    expect(run.code, run.stderr).toBe(0);
    expect(ofType(run.messages, "failed")).toEqual([]);
    const verified = ofType(run.messages, "verified");
    expect(verified.map((v) => v.id).sort()).toEqual(["thrift-binary@java", "thrift-compact@java"]);
    for (const v of verified) {
      const protocol = v.id.includes("compact") ? "compact" : "binary";
      expect(v.encoded, v.id).toEqual(nodeBytes[protocol]);
      expect(v.decoded, v.id).toEqual(inputs.map((t) => JSON.parse(t)));
    }
  });

  it("times encode and decode of both protocols", () => {
    for (const id of ["thrift-binary@java", "thrift-compact@java"])
      for (const op of ["encode", "decode"]) {
        const s = ofType(run.messages, "samples").filter((m) => m.id === id && m.op === op);
        expect(s.length, `${id} ${op}`).toBeGreaterThan(0);
        for (const m of s) for (const ns of m.nsPerOp) expect(ns).toBeGreaterThan(0);
      }
  });
});
