import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { idlIncludeDir } from "@wirebench/idl-compilers";
import type { EmittedSchema } from "@wirebench/schemas";
import { generateOnce } from "../../codegen/generate-once.ts";
import { linkModules, packageDir } from "../../codegen/link-modules.ts";
import { runCompiler } from "../../codegen/run-compiler.ts";
import { listFiles, transpileGenerated } from "../../codegen/transpile-generated.ts";
import { generatedSources } from "../generated-sources.ts";

/** Keeps capnp-es's compiler from loading TypeScript (see without-typescript/register.mjs). */
const withoutTypescript = fileURLToPath(new URL("./without-typescript/register.mjs", import.meta.url));

/**
 * capnp-es's compiler (which drives the official `capnp` tool) into the run's work dir; its
 * TypeScript output is transpiled to ESM there (capnp-es is ESM-only and is linked into the work
 * dir's node_modules).
 */
function generateCode(emitted: EmittedSchema, workDir: string): Promise<void> {
  return generateOnce(workDir, async () => {
    const schema = join(workDir, emitted.fileName);
    const src = join(workDir, "gen-ts");
    writeFileSync(schema, emitted.text);
    mkdirSync(src, { recursive: true });
    const compiler = join(packageDir("capnp-es"), "dist", "compiler", "capnpc-js.mjs");
    // -I: a user's own schema may import the language annotations Wirebench vendors (/capnp/c++.capnp).
    const args = [
      "--import",
      withoutTypescript,
      compiler,
      `-ots:${src}`,
      `--src-prefix=${workDir}`,
      `-I${idlIncludeDir}`,
      schema,
    ];
    await runCompiler(process.execPath, args, {
      cwd: workDir,
      debianPackage: "capnproto",
    });
    await transpileGenerated(src, join(workDir, "gen-js"), "esm");
    linkModules(workDir, { "capnp-es": packageDir("capnp-es") });
  });
}

/** The generated module, imported from the work dir, and its TypeScript sources as artifacts. */
export async function loadCapnpCode(emitted: EmittedSchema, workDir: string) {
  await generateCode(emitted, workDir);
  const out = join(workDir, "gen-js");
  const file = listFiles(out, ".mjs")[0];
  if (!file) throw new Error("capnp-es generated no TypeScript");
  const mod = (await import(pathToFileURL(join(out, file)).href)) as Record<string, unknown>;
  return { mod, files: generatedSources(workDir) };
}
