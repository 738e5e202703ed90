import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import type { SchemaForRuntime } from "../runtime-definition.ts";
import { writeGoGlue } from "./go-glue.ts";

/**
 * The Go child's Cap'n Proto code for one .capnp (see go/adapters/capnp.go): a copy of the schema with
 * the go.capnp annotations capnpc-go needs (the package's name and import path), compiled by
 * `capnp compile -o<capnpc-go>` into `capnpgen/`, and the glue package `capnproot/` that names the
 * root struct's id to the adapter. capnpc-go is built by setup from the Go module proxy (go.mod's
 * `tool` line), at the version of capnproto.org/go/capnp/v3 that go.mod pins.
 */

const exec = promisify(execFile);
export const capnpPackage = "capnpgen";
const gluePackage = "capnproot";

/** The schema's text with `using Go = import "/go.capnp"; $Go.package(…); $Go.import(…);` after its file id. */
export function withGoAnnotations(capnp: string, importPath: string): string {
  const id = /^\s*@0x[0-9a-fA-F]+\s*;[^\n]*\n?/m.exec(capnp);
  if (!id) throw new Error("the .capnp has no file id line (@0x…;)");
  const at = id.index + id[0].length;
  const note = `${id[0].endsWith("\n") ? "" : "\n"}using Go = import "/go.capnp";\n$Go.package("${capnpPackage}");\n$Go.import("${importPath}");\n`;
  return capnp.slice(0, at) + note + capnp.slice(at);
}

/** Writes `<module>/capnpgen` (capnpc-go's) and `<module>/capnproot` (the glue); returns the glue's import path. */
export async function generateCapnpGo(
  schema: SchemaForRuntime,
  outDir: string,
  module: string,
  tools: { capnpcGo: string; goCapnpStd: string },
  signal: AbortSignal,
): Promise<string> {
  const src = join(outDir, "capnp-src");
  const gen = join(outDir, capnpPackage);
  await mkdir(src, { recursive: true });
  await mkdir(gen, { recursive: true });
  const copy = join(src, basename(schema.file));
  writeFileSync(copy, withGoAnnotations(readFileSync(schema.file, "utf8"), `${module}/${capnpPackage}`));
  await exec(
    "capnp",
    ["compile", `-I${tools.goCapnpStd}`, `--src-prefix=${src}`, `-o${tools.capnpcGo}:${gen}`, copy],
    { signal, maxBuffer: 16 << 20 },
  ).catch((err) => {
    const e = err as { stderr?: string; message: string; code?: string };
    if (e.code === "ENOENT") throw new Error("capnp not on PATH (apt-get install capnproto)");
    throw new Error(`capnp compile -ogo failed on ${schema.file}:\n${(e.stderr || e.message).trim()}`);
  });
  // capnpc-go names a nested struct Outer_Inner, and its id constant <Name>_TypeID.
  const goName = schema.rootType.replace(/\./g, "_");
  return writeGoGlue(outDir, module, {
    pkg: gluePackage,
    writtenBy: `go-capnp.ts: the root struct ${schema.rootType} for the capnp adapter`,
    imports: [
      '"capnproto.org/go/capnp/v3/schemas"',
      "",
      '"wirebench/runtimes/go/adapters"',
      `gen "${module}/${capnpPackage}"`,
    ],
    comment:
      "capnpc-go's code registers its schema nodes only when asked: the adapter reads the layout from them.",
    init: `\tgen.RegisterSchema(schemas.DefaultRegistry)
\tadapters.RegisterCapnpRoot(${JSON.stringify(schema.rootType)}, gen.${goName}_TypeID)`,
  });
}
