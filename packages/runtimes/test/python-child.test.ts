import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { ChildMessage, RuntimeFormat, RuntimeRequest } from "@wirebench/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPythonRuntime, pythonRuntime } from "../src/definitions/python.ts";
import {
  addressBookAvsc,
  addressBookMessages,
  addressBookProto,
  quick,
  runChild,
  toAvroJson,
  writeJson,
} from "./python-child-io.ts";

// The real Python child (packages/runtimes/python) on the AddressBook model, spoken to through the
// protocol only: a RuntimeRequest line in, every line out checked with childMessageSchema.

const exec = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), "wirebench-python-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const of = <T extends ChildMessage["type"]>(msgs: ChildMessage[], type: T) =>
  msgs.filter((m): m is Extract<ChildMessage, { type: T }> => m.type === type);

let formats: RuntimeFormat[];
const request = (fs: RuntimeFormat[], verify = true): RuntimeRequest => ({
  protocol: 1,
  process: 0,
  verify,
  workDir: work,
  formats: fs,
  settings: quick,
});

beforeAll(async () => {
  const generated = join(work, "gen");
  await exec("mkdir", ["-p", generated]);
  await pythonRuntime.generate?.(
    { idl: "proto", file: addressBookProto, rootType: "wirebench.models.go.AddressBook" },
    generated,
    AbortSignal.timeout(120_000),
  );
  const avsc = writeJson(work, "addressbook.avsc", addressBookAvsc);
  const data = writeJson(work, "data.json", addressBookMessages);
  formats = [
    {
      id: "protobuf@python",
      format: "protobuf",
      impl: "protobuf",
      // Each line of the model's NDJSON is ProtoJSON already (lowerCamel names, RFC 3339 timestamps).
      inputFile: writeJson(work, "protojson.json", addressBookMessages),
      schema: { file: addressBookProto, rootType: "wirebench.models.go.AddressBook" },
      generatedDir: generated,
    },
    {
      id: "fastavro@python",
      format: "avro",
      impl: "fastavro",
      inputFile: writeJson(work, "avro.json", addressBookMessages.map(toAvroJson)),
      schema: { file: avsc, rootType: "wirebench.AddressBook" },
    },
    { id: "msgpack@python", format: "msgpack", impl: "msgpack", inputFile: data },
    { id: "cbor2@python", format: "cbor", impl: "cbor2", inputFile: data },
    { id: "orjson@python", format: "json", impl: "orjson", inputFile: data },
    { id: "json@python", format: "json", impl: "json", inputFile: data },
  ];
});

describe("python runtime", () => {
  it("is available after setup, with its version", async () => {
    const a = await pythonRuntime.detect();
    expect(a.reason).toBeUndefined();
    expect(a).toMatchObject({ available: true });
    expect(a.version).toMatch(/^Python 3\.\d+\.\d+$/);
  });

  it("reports a missing toolchain as unavailable, with what to do", async () => {
    const a = await createPythonRuntime(join(work, "no-such-env")).detect();
    expect(a.available).toBe(false);
    expect(a.reason).toMatch(/npm run setup/);
  });

  it("generates protobuf code with protoc, and fails with protoc's own message on a bad schema", async () => {
    expect(existsSync(join(work, "gen", "addressbook_go_pb2.py"))).toBe(true);
    const bad = join(work, "bad.proto");
    await exec("sh", ["-c", `printf 'syntax = "proto3"; message A { strin x = 1; }' > ${bad}`]);
    await expect(
      pythonRuntime.generate?.({ idl: "proto", file: bad, rootType: "A" }, work, AbortSignal.timeout(60_000)),
    ).rejects.toThrow(/protoc --python_out failed: .*strin/);
  });

  it("verifies, calibrates and times all six formats, every line valid protocol", async () => {
    const run = await runChild(pythonRuntime, request(formats), 4);
    expect(run.code, run.stderr).toBe(0);
    const [hello] = of(run.messages, "hello");
    expect(hello?.runtimeVersion).toMatch(/^Python 3\.\d+\.\d+$/);
    expect(Object.keys(hello?.libraries ?? {}).sort()).toEqual([
      "cbor2",
      "fastavro",
      "flatbuffers",
      "msgpack",
      "orjson",
      "protobuf",
      "pycapnp",
      "thrift",
    ]);
    expect(of(run.messages, "failed")).toEqual([]);
    const verified = new Map(of(run.messages, "verified").map((v) => [v.id, v]));
    expect([...verified.keys()].sort()).toEqual(formats.map((f) => f.id).sort());

    // Exact round trips, in each input's own shape.
    for (const id of ["msgpack@python", "cbor2@python", "orjson@python", "json@python"])
      expect(verified.get(id)?.decoded, id).toEqual(addressBookMessages);
    expect(verified.get("fastavro@python")?.decoded).toEqual(addressBookMessages.map(toAvroJson));
    // ProtoJSON leaves out a proto3 field at its default: the one phone of type MOBILE (0) has no `type`.
    const withoutDefaults = JSON.parse(JSON.stringify(addressBookMessages).replace(/,"type":"MOBILE"/g, ""));
    expect(verified.get("protobuf@python")?.decoded).toEqual(withoutDefaults);

    // Two calibrated operations and, per the plan of 4 samples over 2 rounds, 4 positive samples each.
    for (const f of formats)
      for (const op of ["encode", "decode"] as const) {
        const cal = of(run.messages, "calibrated").filter((c) => c.id === f.id && c.op === op);
        expect(cal, `${f.id} ${op}`).toHaveLength(1);
        const samples = of(run.messages, "samples").filter((s) => s.id === f.id && s.op === op);
        expect(samples.map((s) => s.round)).toEqual([0, 1]);
        const ns = samples.flatMap((s) => s.nsPerOp);
        expect(ns).toHaveLength(4);
        for (const x of ns) expect(x).toBeGreaterThan(0);
        expect(samples[0]?.iterations).toBe(cal[0]?.iterations);
      }
    expect(run.messages.at(-1)?.type).toBe("done");
  });

  it("fails only the formats a message does not fit", async () => {
    // A field the .proto lacks fails protobuf; an integer past 64 bits fails msgpack and orjson, while
    // cbor2 (a bignum) and the standard json (its digits) carry it.
    const big = join(work, "big.json");
    writeFileSync(big, `[{"id":${(2n ** 70n).toString()}}]`);
    const fs: RuntimeFormat[] = [
      {
        ...(formats[0] as RuntimeFormat),
        inputFile: writeJson(work, "odd.json", [{ ...addressBookMessages[0], nickname: "Al" }]),
      },
      formats[1] as RuntimeFormat,
      ...formats.slice(2).map((f) => ({ ...f, inputFile: big })),
    ];
    const run = await runChild(pythonRuntime, request(fs), 2);
    expect(run.code, run.stderr).toBe(0);
    const failed = new Map(of(run.messages, "failed").map((f) => [f.id, f.error]));
    expect([...failed.keys()].sort()).toEqual(["msgpack@python", "orjson@python", "protobuf@python"]);
    expect(failed.get("protobuf@python")).toMatch(/message 0 does not fit .*nickname/);
    expect(failed.get("orjson@python")).toMatch(/64-bit/);
    const bytesOf = (id: string) =>
      Buffer.from(of(run.messages, "verified").find((v) => v.id === id)?.encoded[0] ?? "", "base64");
    // CBOR tag 2 (positive bignum) of 9 bytes: 0x40 then eight zero bytes is 2^70.
    expect(bytesOf("cbor2@python").toString("hex")).toBe(`a1626964c249${"40"}${"00".repeat(8)}`);
    expect(bytesOf("json@python").toString("utf8")).toBe(`{"id":${(2n ** 70n).toString()}}`);
    // Timed: only the formats still standing.
    const timed = new Set(of(run.messages, "samples").map((s) => s.id));
    expect([...timed].sort()).toEqual(["cbor2@python", "fastavro@python", "json@python"]);
    expect(run.messages.at(-1)?.type).toBe("done");
  });

  it("stops with a clear message on a request it cannot speak", async () => {
    const run = await runChild(pythonRuntime, JSON.stringify({ ...request(formats), protocol: 2 }));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/protocol 2 is not 1/);
    expect(run.messages).toEqual([]);
  });
});
