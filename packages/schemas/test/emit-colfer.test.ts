import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readCorpus } from "@wirebench/corpus";
import { describe, expect, it } from "vitest";
import { COLFER_MAX_FIELDS, COLFER_PACKAGE, emitColfer } from "../src/emit/emit-colfer.ts";
import { importProto } from "../src/import/import-proto.ts";
import { inferDataset } from "../src/infer/infer-dataset.ts";
import type { IrSchema, RecordField } from "../src/ir.ts";
import { scratchDir } from "./scratch-dir.ts";

// Colfer's compiler as the project's setup builds it (packages/runtimes/go/setup.mjs, go.mod's tools).
const colf = new URL("../../../.wirebench/go/bin/colf", import.meta.url).pathname;
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

/** `colf Go` on the emitted text, then `go vet` of what it wrote: the compiler's stderr is the failure. */
function compileColfer(text: string): string {
  const dir = scratchDir("wirebench-colf-");
  writeFileSync(join(dir, "go.mod"), "module colftest\n\ngo 1.24\n");
  mkdirSync(join(dir, "schema"));
  writeFileSync(join(dir, "schema", "wirebench.colf"), text);
  const run = (cmd: string, args: string[]) => {
    try {
      execFileSync(cmd, args, {
        cwd: dir,
        stdio: "pipe",
        env: { ...process.env, GOTOOLCHAIN: "local", GOFLAGS: "-mod=mod", GOPROXY: "off", GOWORK: "off" },
      });
    } catch (err) {
      const e = err as { stderr?: Buffer; stdout?: Buffer };
      throw new Error(`${cmd} failed: ${e.stderr?.toString()}${e.stdout?.toString()}`);
    }
  };
  run(colf, ["-b", dir, "Go", join(dir, "schema", "wirebench.colf")]);
  run("go", ["vet", `./${COLFER_PACKAGE}`]);
  return readFileSync(join(dir, COLFER_PACKAGE, "Colfer.go"), "utf8");
}

const field = (name: string, type: RecordField["type"], optional = false): RecordField => ({
  name,
  number: 0,
  type,
  optional,
});

/** Every construct Colfer cannot carry as written, in one record. */
const constructs: IrSchema = {
  irVersion: 1,
  name: "Root",
  source: "json",
  root: {
    kind: "record",
    name: "Root",
    fields: [
      field("id", { kind: "uint64" }),
      field("nick", { kind: "string" }, true),
      field("score", { kind: "nullable", type: { kind: "int32" } }),
      field("tags", { kind: "array", items: { kind: "string" } }),
      field("flags", { kind: "array", items: { kind: "bool" } }),
      field("big", { kind: "array", items: { kind: "uint64" } }),
      field("grid", { kind: "array", items: { kind: "array", items: { kind: "float64" } } }),
      field("maybe", { kind: "array", items: { kind: "nullable", type: { kind: "string" } } }),
      field("attrs", { kind: "map", values: { kind: "int64" } }),
      field("either", { kind: "union", name: "Either", variants: [{ kind: "string" }, { kind: "int64" }] }),
      field("color", { kind: "enum", name: "Color", symbols: ["red", "green"] }),
      field("at", { kind: "timestamp" }),
      field("small", { kind: "uint32", bits: 8 }),
      field("child", {
        kind: "nullable",
        type: { kind: "record", name: "Child", fields: [field("blob", { kind: "bytes" })] },
      }),
    ],
  },
};

describe("emitColfer", () => {
  it.each([
    ["twitter.json", () => inferDataset(readCorpus("twitter.json")).schema],
    ["citm_catalog.json", () => inferDataset(readCorpus("citm_catalog.json")).schema],
    ["hostile-names.json", () => inferDataset(fixture("hostile-names.json")).schema],
    ["user-constructs.proto", () => importProto(fixture("user-constructs.proto"))],
  ])(
    "colf Go compiles the schema emitted for %s and go vet passes",
    (_, schema) => {
      const e = emitColfer(schema());
      const go = compileColfer(e.text);
      expect(go).toContain(`type ${e.rootType} struct`);
      expect(go).toContain(`func (o *${e.rootType}) MarshalBinary() (data []byte, err error)`);
    },
    120_000,
  );

  it("holds optional and nullable non-structs in `value` wrappers and reports each change", () => {
    const e = emitColfer(constructs);
    const go = compileColfer(e.text);
    expect(e.text).toMatch(/^\tnick \*?RootNickValue$/m);
    expect(e.text).toMatch(/^type RootNickValue struct \{\n\tvalue text\n\}$/m);
    expect(e.text).toMatch(/^\tscore RootScoreValue$/m);
    // The nullable record is a struct pointer of its own (nil is null): no wrapper.
    expect(e.text).toMatch(/^\tchild Child$/m);
    expect(e.text).toMatch(/^\tflags \[\]int32$/m);
    expect(e.text).toMatch(/^\tbig \[\]int64$/m);
    expect(e.text).toMatch(/^\tcolor int32$/m);
    expect(e.text).toMatch(/^\tat int64$/m);
    expect(e.text).toMatch(/^\tsmall uint8$/m);
    expect(go).toMatch(/\tNick\s+\*RootNickValue/);
    const codes = e.limitations.map((l) => `${l.code} ${l.path}`).sort();
    expect(codes).toEqual([
      "bool-list-as-int32 Root.flags",
      "map-as-entries Root.attrs",
      "nested-list-wrapped Root.grid",
      "null-item-wrapped Root.maybe",
      "optional-scalar-wrapped Root.nick",
      "optional-scalar-wrapped Root.score",
      "uint64-list-as-int64 Root.big",
      "union-as-json Root.either",
    ]);
    expect(e.notes).toContain("enums are carried as int32 of the symbol's position (Colfer has no enums)");
  });

  it("gives hostile keys distinct lowerCamel identifiers, never a Go keyword or a generated method", () => {
    const schema = inferDataset(fixture("hostile-names.json")).schema;
    const names = emitColfer(schema).fields[schema.name]!;
    const ids = Object.values(names);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(names.type).not.toBe("type");
  });

  it(`refuses a struct of more than ${COLFER_MAX_FIELDS} fields with a clear error`, () => {
    const wide: IrSchema = {
      ...constructs,
      root: {
        kind: "record",
        name: "Wide",
        fields: Array.from({ length: COLFER_MAX_FIELDS + 1 }, (_, i) => field(`f${i}`, { kind: "bool" })),
      },
    };
    expect(() => emitColfer(wide)).toThrow(/Wide has 128 fields: a Colfer struct holds at most 127/);
  });

  it("finds the compiler setup built", () => {
    expect(existsSync(colf)).toBe(true);
  });
});
