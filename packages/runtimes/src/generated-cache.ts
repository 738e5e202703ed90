import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RuntimeDefinition, SchemaForRuntime } from "./runtime-definition.ts";
import { runtimeLimits } from "./runtime-settings.ts";

/** Written last into a generated folder: a folder without it (a generator that died) is redone. */
export const OK_MARKER = "ok";

/**
 * The folder of code `def.generate` produced from `schema`, cached by what determines it: the schema
 * text, the root type and the generator's version (docs/polyglot.md, "Code generation and caching").
 * The second run of the same schema finds the `ok` marker and generates nothing.
 */
export async function prepareGenerated(
  def: Pick<RuntimeDefinition, "id" | "generate" | "generatorVersion">,
  schema: SchemaForRuntime,
  opts: { cacheDir?: string; signal?: AbortSignal } = {},
): Promise<string | undefined> {
  if (!def.generate) return undefined;
  const text = readFileSync(schema.file, "utf8");
  const hash = createHash("sha256")
    .update(text)
    .update("\0")
    .update(schema.rootType)
    .update("\0")
    .update(def.generatorVersion ?? "")
    .digest("hex");
  const dir = join(opts.cacheDir ?? runtimeLimits().cacheDir, def.id, hash);
  if (existsSync(join(dir, OK_MARKER))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await def.generate(schema, dir, opts.signal ?? new AbortController().signal);
  writeFileSync(join(dir, OK_MARKER), `${new Date().toISOString()}\n`);
  return dir;
}
