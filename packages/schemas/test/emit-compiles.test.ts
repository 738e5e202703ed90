import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readCorpus } from "@wirebench/corpus";
import avro from "avsc";
import protobuf from "protobufjs";
import { describe, expect, it } from "vitest";
import { emitAvsc } from "../src/emit/emit-avsc.ts";
import { emitCapnp } from "../src/emit/emit-capnp.ts";
import { emitFbs } from "../src/emit/emit-fbs.ts";
import { emitJsonSchema } from "../src/emit/emit-jsonschema.ts";
import { emitProto } from "../src/emit/emit-proto.ts";
import { emitThrift } from "../src/emit/emit-thrift.ts";
import { importAvsc } from "../src/import/import-avsc.ts";
import { importProto } from "../src/import/import-proto.ts";
import { inferDataset } from "../src/infer/infer-dataset.ts";
import type { IrSchema } from "../src/ir.ts";
import { scratchDir } from "./scratch-dir.ts";

const hostile = readFileSync(new URL("./fixtures/hostile-names.json", import.meta.url), "utf8");
const samples: [string, string][] = [
  ["twitter.json", readCorpus("twitter.json")],
  ["citm_catalog.json", readCorpus("citm_catalog.json")],
  ["canada.json", readCorpus("canada.json")],
  ["hostile-names.json", hostile],
];
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const schemas = new Map<string, IrSchema>(samples.map(([n, t]) => [n, inferDataset(t).schema]));
// Users' own schemas: every construct the importers keep, names that collide in other IDLs (a field
// named like its type, reserved words of each IDL and of the code its compiler generates).
schemas.set("user-constructs.proto", importProto(fixture("user-constructs.proto")));
schemas.set("user-constructs.avsc", importAvsc(fixture("user-constructs.avsc")));

/** Runs a real schema compiler; its stderr becomes the failure message. */
function compile(cmd: string, args: string[]) {
  try {
    execFileSync(cmd, args, { stdio: "pipe" });
  } catch (err) {
    throw new Error(`${cmd} failed: ${(err as { stderr?: Buffer }).stderr?.toString() ?? err}`);
  }
}

describe.each([...schemas.keys()])("schemas emitted for %s compile with the real tools", (name) => {
  const schema = schemas.get(name)!;
  const dir = scratchDir("wirebench-emit-");

  it("proto: protobufjs parses it and resolves every type", () => {
    const e = emitProto(schema);
    const root = protobuf.parse(e.text, { keepCase: true }).root;
    // parse alone accepts a field whose type is never declared; resolveAll throws on it.
    expect(() => root.resolveAll()).not.toThrow();
    expect(root.lookupType(`wirebench.${e.rootType}`).fieldsArray.length).toBeGreaterThan(0);
  });

  it("avsc: Type.forSchema accepts it", () => {
    const e = emitAvsc(schema);
    expect(avro.Type.forSchema(JSON.parse(e.text)).typeName).toBe("record");
  });

  it("fbs: flatc --ts compiles it", () => {
    const e = emitFbs(schema);
    writeFileSync(join(dir, e.fileName), e.text);
    compile("flatc", ["--ts", "-o", join(dir, "fbs"), join(dir, e.fileName)]);
  });

  it("capnp: capnp compile accepts it", () => {
    const e = emitCapnp(schema);
    writeFileSync(join(dir, e.fileName), e.text);
    compile("capnp", ["compile", "-o-", join(dir, e.fileName)]);
  });

  it("thrift: thrift --gen js:node compiles it", () => {
    const e = emitThrift(schema);
    writeFileSync(join(dir, e.fileName), e.text);
    compile("thrift", ["--gen", "js:node", "-out", dir, join(dir, e.fileName)]);
  });

  it("jsonschema: a 2020-12 document whose $refs all resolve", () => {
    const doc = JSON.parse(emitJsonSchema(schema).text);
    expect(doc.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g)].map((m) =>
      decodeURIComponent(m[1]!),
    );
    for (const r of refs) expect(doc.$defs).toHaveProperty([r.replace(/~1/g, "/").replace(/~0/g, "~")]);
  });
});

describe("hostile names", () => {
  const schema = schemas.get("hostile-names.json")!;
  it("every IDL maps each original key to a distinct identifier and back", () => {
    for (const e of [
      emitProto(schema),
      emitAvsc(schema),
      emitFbs(schema),
      emitCapnp(schema),
      emitThrift(schema),
    ]) {
      const names = e.fields[schema.name]!;
      expect(Object.keys(names).sort()).toEqual(Object.keys(JSON.parse(hostile)[0]).sort());
      expect(new Set(Object.values(names)).size, e.idl).toBe(Object.keys(names).length);
      for (const id of Object.values(names)) expect(id, e.idl).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
    }
  });

  it("Cap'n Proto names are lowerCamel without underscores, and the file id is deterministic", () => {
    const a = emitCapnp(schema);
    expect(Object.values(a.fields[schema.name]!).every((n) => /^[a-z][A-Za-z0-9]*$/.test(n))).toBe(true);
    expect(a.text).toBe(emitCapnp(inferDataset(hostile).schema).text);
    expect(a.text).toMatch(/^@0x[89a-f][0-9a-f]{15};$/m);
  });

  it("reserved words never reach the IDL as they are", () => {
    const proto = emitProto(schema).fields[schema.name]!;
    expect(proto.message).not.toBe("message");
    const protoKey = "__proto__";
    expect(proto[protoKey]).not.toBe(protoKey);
    expect(proto.constructor).not.toBe("constructor");
    const thrift = emitThrift(schema).fields[schema.name]!;
    expect(thrift.struct).not.toBe("struct");
    expect(thrift.enum).not.toBe("enum");
  });
});
