import { execFile } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { SchemaForRuntime } from "../runtime-definition.ts";
import { writeGoGlue } from "./go-glue.ts";

/**
 * The Go child's FlatBuffers code for one .fbs (see go/adapters/flatbuffers.go): `flatc --go
 * --gen-object-api` into one package, the patch that makes flatc 2.0.8's Go object API keep an absent
 * string absent, and the glue package that registers the root table with the adapter.
 */

const exec = promisify(execFile);
/** The package flatc writes every table into (`--go-namespace`), and the glue's, under the module. */
export const fbsPackage = "fbsgen";
const gluePackage = "fbsroot";

/**
 * flatc 2.0.8's Go object API holds a table's string as `string` and packs it always: an absent one
 * (Node's null) comes back as "" and is written as an empty string. Node's adapter leaves a null out;
 * so does this patch: the field becomes `*string`, packed only when set, unpacked only when present.
 */
export function patchOptionalStrings(goSource: string): string {
  const fields = new Set<string>();
  let src = goSource.replace(/^(type \w+T struct \{\n)([\s\S]*?)^\}/gm, (_, head: string, body: string) => {
    const patched = body.replace(
      /^(\t(\w+)\s+)string(\s+`json:)/gm,
      (_m, pre: string, name: string, post: string) => {
        fields.add(name);
        return `${pre}*string${post}`;
      },
    );
    return `${head}${patched}}`;
  });
  for (const f of fields) {
    src = src.replace(
      new RegExp(`^(\\t+)(\\w+) := builder\\.CreateString\\(t\\.${f}\\)$`, "m"),
      (_, ind: string, v: string) =>
        `${ind}${v} := flatbuffers.UOffsetT(0)\n${ind}if t.${f} != nil {\n${ind}\t${v} = builder.CreateString(*t.${f})\n${ind}}`,
    );
    src = src.replace(
      new RegExp(`^(\\t+)t\\.${f} = string\\(rcv\\.${f}\\(\\)\\)$`, "m"),
      (_, ind: string) =>
        `${ind}if b := rcv.${f}(); b != nil {\n${ind}\ts := string(b)\n${ind}\tt.${f} = &s\n${ind}}`,
    );
  }
  return src;
}

/** flatc's Go name of a table (its last name part, as declared). */
const shortName = (rootType: string) => rootType.slice(rootType.lastIndexOf(".") + 1);

/** Writes `<module>/fbsgen` (flatc's, patched) and `<module>/fbsroot` (the glue); returns the glue's import path. */
export async function generateFlatbuffersGo(
  schema: SchemaForRuntime,
  outDir: string,
  module: string,
  signal: AbortSignal,
): Promise<string> {
  await exec("flatc", ["--go", "--gen-object-api", "--go-namespace", fbsPackage, "-o", outDir, schema.file], {
    signal,
    maxBuffer: 16 << 20,
  }).catch((err) => {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`flatc --go failed on ${schema.file}:\n${(e.stderr || e.stdout || e.message).trim()}`);
  });
  const dir = join(outDir, fbsPackage);
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".go"))) {
    const path = join(dir, f);
    writeFileSync(path, patchOptionalStrings(readFileSync(path, "utf8")));
  }
  const root = shortName(schema.rootType);
  const fbsText = readFileSync(schema.file, "utf8");
  const namespace = /^\s*namespace\s+([\w.]+)\s*;/m.exec(fbsText)?.[1];
  const fullName = schema.rootType.includes(".") || !namespace ? schema.rootType : `${namespace}.${root}`;
  return writeGoGlue(outDir, module, {
    pkg: gluePackage,
    writtenBy: `go-flatbuffers.ts: the root table ${fullName} for the flatbuffers adapter`,
    imports: [
      'flatbuffers "github.com/google/flatbuffers/go"',
      "",
      '"wirebench/runtimes/go/adapters"',
      `gen "${module}/${fbsPackage}"`,
    ],
    init: `\tadapters.RegisterFlatbuffersRoot(adapters.FlatbuffersRoot{
\t\tName:   ${JSON.stringify(fullName)},
\t\tPack:   func(b *flatbuffers.Builder, v any) flatbuffers.UOffsetT { return v.(*gen.${root}T).Pack(b) },
\t\tUnpack: func(buf []byte) any { return gen.GetRootAs${root}(buf, 0).UnPack() },
\t})`,
  });
}
