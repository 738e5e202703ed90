import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** Root folder of an installed package, found from its entry point (works despite `exports`). */
export function packageDir(name: string, from: string = import.meta.url): string {
  let dir = dirname(createRequire(from).resolve(name));
  for (;;) {
    const pj = join(dir, "package.json");
    if (existsSync(pj) && (JSON.parse(readFileSync(pj, "utf8")) as { name?: string }).name === name)
      return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find the ${name} package`);
    dir = up;
  }
}

/**
 * Generated code lives in the run's work directory and `require`s its runtime (thrift, flatbuffers,
 * capnp-es): link those packages into the work directory's node_modules so it resolves them.
 */
export function linkModules(workDir: string, packages: Record<string, string>): void {
  const nm = join(workDir, "node_modules");
  mkdirSync(nm, { recursive: true });
  for (const [name, dir] of Object.entries(packages)) {
    const target = join(nm, name);
    mkdirSync(dirname(target), { recursive: true });
    if (!existsSync(target)) symlinkSync(dir, target, "dir");
  }
}
