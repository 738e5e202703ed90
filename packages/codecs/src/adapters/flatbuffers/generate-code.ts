import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { EmittedSchema } from "@wirebench/schemas";
import { generateOnce } from "../../codegen/generate-once.ts";
import { linkModules, packageDir } from "../../codegen/link-modules.ts";
import { runCompiler } from "../../codegen/run-compiler.ts";
import { listFiles, transpileGenerated } from "../../codegen/transpile-generated.ts";
import { generatedSources } from "../generated-sources.ts";

/**
 * `flatc --ts --gen-object-api` into the run's work dir, transpiled to CommonJS there (the generated
 * code imports `flatbuffers`, linked into the work dir's node_modules).
 */
function generateCode(emitted: EmittedSchema, workDir: string): Promise<void> {
  return generateOnce(workDir, async () => {
    const fbs = join(workDir, emitted.fileName);
    writeFileSync(fbs, emitted.text);
    await runCompiler("flatc", ["--ts", "--gen-object-api", "-o", join(workDir, "gen-ts"), fbs], {
      debianPackage: "flatbuffers-compiler",
    });
    await transpileGenerated(join(workDir, "gen-ts"), join(workDir, "gen-js"));
    linkModules(workDir, { flatbuffers: packageDir("flatbuffers") });
  });
}

/** The generated module, loaded from the work dir, and its TypeScript sources as artifacts. */
export async function loadFlatbuffersCode(emitted: EmittedSchema, workDir: string) {
  await generateCode(emitted, workDir);
  const out = join(workDir, "gen-js");
  const index = listFiles(out, "_generated.js")[0];
  if (!index) throw new Error("flatc generated no *_generated.ts");
  const path = join(out, index);
  const mod = createRequire(path)(path) as Record<string, unknown>;
  return { mod, files: generatedSources(workDir) };
}
