import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import type { SchemaForRuntime } from "../runtime-definition.ts";
import { writeGoGlue } from "./go-glue.ts";

/**
 * The Go child's Thrift code for one .thrift (see go/adapters/thrift.go): `thrift --gen go` into one
 * package, and the glue package that registers the root struct with the adapter by its .thrift name
 * (Go has no registry of generated Thrift types, unlike protoregistry).
 */

const exec = promisify(execFile);
const thriftPackage = "thriftgen";
const gluePackage = "thriftroot";

/** The Go name of each struct, by its .thrift name: the generated `Write` names the struct as the .thrift does. */
function goNames(source: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of source.matchAll(
    /func \(p \*(\w+)\) Write\(ctx context\.Context, oprot thrift\.TProtocol\) error \{\s*if err := oprot\.WriteStructBegin\(ctx, "([^"]+)"\)/g,
  ))
    names.set(m[2] as string, m[1] as string);
  return names;
}

/** Writes `<module>/thriftgen` (thrift's) and `<module>/thriftroot` (the glue); returns the glue's import path. */
export async function generateThriftGo(
  schema: SchemaForRuntime,
  outDir: string,
  module: string,
  signal: AbortSignal,
): Promise<string> {
  await mkdir(join(outDir, thriftPackage), { recursive: true });
  await exec("thrift", ["--gen", `go:package=${thriftPackage},skip_remote`, "-out", outDir, schema.file], {
    signal,
    maxBuffer: 16 << 20,
  }).catch((err) => {
    const e = err as { stderr?: string; message: string; code?: string };
    if (e.code === "ENOENT") throw new Error("thrift not on PATH (apt-get install thrift-compiler)");
    throw new Error(`thrift --gen go failed on ${schema.file}:\n${(e.stderr || e.message).trim()}`);
  });
  const gen = join(outDir, thriftPackage);
  const names = new Map<string, string>();
  for (const f of readdirSync(gen).filter((n) => n.endsWith(".go")))
    for (const [k, v] of goNames(readFileSync(join(gen, f), "utf8"))) names.set(k, v);
  const goName = names.get(schema.rootType);
  if (!goName)
    throw new Error(`thrift --gen go wrote no struct ${schema.rootType} for ${basename(schema.file)}`);
  return writeGoGlue(outDir, module, {
    pkg: gluePackage,
    writtenBy: `go-thrift.ts: the root struct ${schema.rootType} for the thrift adapter`,
    imports: [
      'thrift "github.com/apache/thrift/lib/go/thrift"',
      "",
      '"wirebench/runtimes/go/adapters"',
      `gen "${module}/${thriftPackage}"`,
    ],
    init: `\tadapters.RegisterThriftStruct(${JSON.stringify(schema.rootType)}, func() thrift.TStruct { return gen.New${goName}() })`,
  });
}
