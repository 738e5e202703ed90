import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const started = new Map<string, Promise<void>>();

/**
 * Runs a format's code generation into its folder at most once per process, and once per run: the
 * marker file lets the run's later child processes reuse the code. The child starts every format's
 * generation early and each prepare awaits it again (variants such as thrift binary and compact share
 * a folder), so both get the same promise, and the same error if the compiler failed.
 */
export function generateOnce(workDir: string, generate: () => Promise<void>): Promise<void> {
  let p = started.get(workDir);
  if (!p) {
    const marker = join(workDir, ".generated");
    p = existsSync(marker) ? Promise.resolve() : generate().then(() => writeFileSync(marker, ""));
    started.set(workDir, p);
  }
  return p;
}
