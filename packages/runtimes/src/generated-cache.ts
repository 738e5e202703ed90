import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { lock } from "proper-lockfile";
import type { RuntimeDefinition, SchemaForRuntime } from "./runtime-definition.ts";
import { runtimeLimits } from "./runtime-settings.ts";

/** Written last into a generated folder: a folder without it (a generator that died) is redone. */
export const OK_MARKER = "ok";

/** How often a process waiting for another's generation looks again. */
const pollMs = 250;
/**
 * A lock whose holder stopped refreshing it this long ago is taken over: its process died (proper-
 * lockfile refreshes the lock's mtime every `stale / 2` while the holder lives, whatever it runs).
 */
const staleMs = 20_000;

/**
 * The folder of code `def.generate` produced from `schema`, cached by what determines it: the schema
 * text, the root type and the generator's version (docs/polyglot.md, "Code generation and caching").
 * The second run of the same schema finds the `ok` marker and generates nothing.
 *
 * Two runs (two worker processes, a CLI beside a worker) asking for the same schema at once would
 * both clear and write the folder; so a cross-process lock (proper-lockfile: an atomic `mkdir` of
 * `<folder>.lock`, refreshed while held, taken over when stale) lets one generate while the others
 * wait for its `ok` marker, up to `WIREBENCH_RUNTIME_GENERATE_WAIT_MS`. Generation stays in place
 * rather than in a temp folder renamed at the end: Go's and Cargo's builds record absolute paths.
 */
export async function prepareGenerated(
  def: Pick<RuntimeDefinition, "id" | "generate" | "generatorVersion">,
  schema: SchemaForRuntime,
  opts: { cacheDir?: string; signal?: AbortSignal; waitMs?: number } = {},
): Promise<string | undefined> {
  if (!def.generate) return undefined;
  const limits = runtimeLimits();
  const text = readFileSync(schema.file, "utf8");
  const hash = createHash("sha256")
    .update(text)
    .update("\0")
    .update(schema.rootType)
    .update("\0")
    .update(def.generatorVersion ?? "")
    .digest("hex");
  const dir = join(opts.cacheDir ?? limits.cacheDir, def.id, hash);
  const done = () => existsSync(join(dir, OK_MARKER));
  if (done()) return dir;
  mkdirSync(join(dir, ".."), { recursive: true });
  const release = await acquire(dir, done, opts.waitMs ?? limits.generateWaitMs, opts.signal);
  if (!release) return dir;
  let lost: Error | undefined;
  try {
    // Another process may have finished between our look and the lock.
    if (done()) return dir;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await def.generate(schema, dir, opts.signal ?? new AbortController().signal);
    if (lost) throw lost;
    writeFileSync(join(dir, OK_MARKER), `${new Date().toISOString()}\n`);
    return dir;
  } finally {
    await release.unlock().catch(() => undefined);
  }

  /** Takes the lock, or returns undefined when the folder got its `ok` marker while we waited. */
  async function acquire(
    folder: string,
    finished: () => boolean,
    waitMs: number,
    signal: AbortSignal | undefined,
  ): Promise<{ unlock: () => Promise<void> } | undefined> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      try {
        const unlock = await lock(folder, {
          realpath: false,
          lockfilePath: `${folder}.lock`,
          stale: staleMs,
          // A holder that lost its lock (it stalled past `stale` and another took over) must not
          // mark the folder done: it fails its generation instead of throwing from a timer.
          onCompromised: (err) => {
            lost = new Error(`the lock on ${folder} was taken over while generating: ${err.message}`);
          },
        });
        return { unlock };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ELOCKED") throw err;
      }
      if (finished()) return undefined;
      if (signal?.aborted) throw signal.reason ?? new Error("stopped while waiting for code generation");
      if (Date.now() > deadline)
        throw new Error(
          `another process has been generating ${folder} for over ${waitMs} ms (WIREBENCH_RUNTIME_GENERATE_WAIT_MS)`,
        );
      await sleep(pollMs);
    }
  }
}
