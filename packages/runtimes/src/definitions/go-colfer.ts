import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { COLFER_PACKAGE } from "@wirebench/schemas";
import type { SchemaForRuntime } from "../runtime-definition.ts";
import { writeGoGlue } from "./go-glue.ts";

/**
 * The Go child's Colfer code for one .colf (see go/adapters/colfer.go): `colf Go` writes the package
 * the .colf names (emitColfer's COLFER_PACKAGE) into the generated folder's module, and the glue
 * package registers the root struct with the adapter. colf is built by setup from the Go module
 * proxy (go.mod's `tool` line), at the version of github.com/pascaldekloe/colfer that go.mod pins.
 */

const exec = promisify(execFile);
const gluePackage = "colfroot";

/**
 * Colfer's own decode protections, written into the generated code (`colf -s`, `-l`): colf's
 * defaults, 16 MiB per message and 65 536 elements per list. A message past either fails with
 * Colfer's ColferMax error rather than being measured.
 */
export const colferSizeMax = "16 * 1024 * 1024";
export const colferListMax = "64 * 1024";

/** Writes `<module>/colfgen` (colf's) and `<module>/colfroot` (the glue); returns the glue's import path. */
export async function generateColferGo(
  schema: SchemaForRuntime,
  outDir: string,
  module: string,
  colf: { path: string; version: string },
  signal: AbortSignal,
): Promise<string> {
  // colf looks for a go.mod above its base folder to name imports; the folder's own module comes later.
  writeFileSync(join(outDir, "go.mod"), `module ${module}\n\ngo 1.24\n`);
  await exec(colf.path, ["-b", outDir, "-s", colferSizeMax, "-l", colferListMax, "Go", schema.file], {
    signal,
    maxBuffer: 16 << 20,
  }).catch((err) => {
    const e = err as { stderr?: string; stdout?: string; message: string; code?: string };
    if (e.code === "ENOENT") throw new Error("colf is not built; run `npm run setup`");
    throw new Error(`colf Go failed on ${schema.file}:\n${(e.stderr || e.stdout || e.message).trim()}`);
  });
  return writeGoGlue(outDir, module, {
    pkg: gluePackage,
    writtenBy: `go-colfer.ts: the root struct ${schema.rootType} for the colfer adapter`,
    imports: [
      '"wirebench/runtimes/go/adapters"',
      '"wirebench/runtimes/go/child"',
      `gen "${module}/${COLFER_PACKAGE}"`,
    ],
    comment:
      "colf's code links nothing of its module: the version of the compiler that wrote it stamps the entries.",
    init: `\tchild.RegisterGeneratorVersion("github.com/pascaldekloe/colfer", ${JSON.stringify(colf.version)})
\tadapters.RegisterColferRoot(adapters.ColferRoot{
\t\tName: ${JSON.stringify(schema.rootType)},
\t\tNew:  func() adapters.ColferMessage { return new(gen.${schema.rootType}) },
\t})`,
  });
}
