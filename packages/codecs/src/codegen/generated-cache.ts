import { createHash, randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  lstatSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from "node:fs";
import { delimiter, join } from "node:path";
import type { Dataset } from "@wirebench/schemas";
import { ownFolder } from "../harness/child-bundle.ts";

/** The programs whose output is cached; a different binary (upgrade) is a different key. */
const compilers = ["flatc", "thrift", "capnp"];

/** A cached generation not used for this long is removed when another is saved. */
const unusedMs = 7 * 24 * 60 * 60 * 1000;

function compilerStamp(): string[] {
  const dirs = (process.env.PATH ?? "").split(delimiter).filter(Boolean);
  return compilers.map((name) => {
    for (const dir of dirs) {
      try {
        const s = statSync(join(dir, name));
        return `${join(dir, name)}:${s.size}:${s.mtimeMs}`;
      } catch {}
    }
    return `${name}:missing`;
  });
}

/** Whether a format's folder holds generated code (its own or its as-written schema's). */
const generated = (dir: string) =>
  existsSync(join(dir, ".generated")) || existsSync(join(dir, "as-written", ".generated"));

/**
 * Code generation (flatc, thrift, capnp and the transpiling after it) kept across runs and processes,
 * by schema: a second run of the same data, or a later replicate, copies the folder of a format in
 * instead of running its compiler (capnp-es's alone took about a second). The key is the schema IR,
 * the format, the code that emits and generates (`source`: the bundled child's build, which changes
 * with any source file) and the compilers' binaries. Only for children of this process's own user:
 * code a sandboxed child wrote must not reach another run's children.
 */
export class GeneratedCache {
  private readonly root: string;
  private readonly keys = new Map<string, string>();
  private readonly keyBase: string;

  constructor(
    cacheDir: string,
    private readonly workDir: string,
    schema: Dataset["schema"],
    source: string,
  ) {
    this.root = ownFolder(join(cacheDir, "generated"));
    this.keyBase = JSON.stringify({ schema, source, compilers: compilerStamp(), node: process.version });
  }

  private keyOf(format: string): string {
    let key = this.keys.get(format);
    if (!key) {
      key = createHash("sha256").update(format).update("\0").update(this.keyBase).digest("hex").slice(0, 40);
      this.keys.set(format, key);
    }
    return key;
  }

  /** Copies the cached generation of each format into the run's work dir; returns those restored. */
  restore(formats: string[]): string[] {
    const restored: string[] = [];
    for (const format of new Set(formats)) {
      const cached = join(this.root, this.keyOf(format));
      if (!existsSync(cached)) continue;
      try {
        cpSync(cached, join(this.workDir, format), { recursive: true, verbatimSymlinks: true });
        const now = new Date();
        utimesSync(cached, now, now);
        restored.push(format);
      } catch {
        // A half copy must not look generated: the child generates again.
        rmSync(join(this.workDir, format), { recursive: true, force: true });
      }
    }
    return restored;
  }

  /** Keeps each format's generation of this run that the cache does not hold yet. */
  save(formats: string[]): void {
    for (const format of new Set(formats)) {
      const dir = join(this.workDir, format);
      const dest = join(this.root, this.keyOf(format));
      if (!existsSync(dir) || !generated(dir) || existsSync(dest)) continue;
      const tmp = `${dest}.${randomBytes(4).toString("hex")}.tmp`;
      try {
        cpSync(dir, tmp, { recursive: true, verbatimSymlinks: true });
        // Atomic: another process sees the whole folder or none (and keeps its own if it won).
        renameSync(tmp, dest);
      } catch {
        rmSync(tmp, { recursive: true, force: true });
      }
    }
    this.prune();
  }

  private prune(): void {
    for (const name of readdirSync(this.root)) {
      const path = join(this.root, name);
      try {
        const s = lstatSync(path);
        const stale = name.endsWith(".tmp")
          ? Date.now() - s.mtimeMs > 60 * 60 * 1000
          : Date.now() - s.mtimeMs > unusedMs;
        if (stale) rmSync(path, { recursive: true, force: true });
      } catch {}
    }
  }
}
