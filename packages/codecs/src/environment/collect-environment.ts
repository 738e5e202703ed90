import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Version of an installed npm package, read from its package.json found by walking up from this
 * package (works with hoisted workspaces and with packages whose `exports` hide package.json).
 */
export function libraryVersion(name: string): string {
  if (name === "node") return process.versions.node;
  for (let dir = here; ; dir = dirname(dir)) {
    const pj = join(dir, "node_modules", name, "package.json");
    if (existsSync(pj)) return (JSON.parse(readFileSync(pj, "utf8")) as { version: string }).version;
    if (dirname(dir) === dir) return "unknown";
  }
}

/** A command's trimmed output, or undefined when it is missing, fails or takes over 5 s. */
function output(cmd: string, args: string[], cwd?: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(cmd, args, { encoding: "utf8", timeout: 5000, ...(cwd ? { cwd } : {}) }, (err, stdout) =>
      resolve(err ? undefined : stdout.trim()),
    );
  });
}

const compilers: [string, string[]][] = [
  ["flatc", ["--version"]],
  ["capnp", ["--version"]],
  ["thrift", ["--version"]],
];

/**
 * The git commit of this code and the schema compilers' versions, asked of git and the compilers
 * at once. Started when a run starts and awaited when it ends: asked one after the other at the end,
 * these four processes were the last 40 ms of a 10 KB quick run.
 */
export async function toolVersions(): Promise<{
  gitCommit: string | null;
  compilers: Record<string, string>;
}> {
  const [commit, ...versions] = await Promise.all([
    output("git", ["rev-parse", "HEAD"], here),
    ...compilers.map(([cmd, args]) => output(cmd, args)),
  ]);
  const found: Record<string, string> = {};
  compilers.forEach(([name], i) => {
    const v = versions[i];
    if (v) found[name] = v;
  });
  return { gitCommit: commit || null, compilers: found };
}

export function machine() {
  const c = cpus();
  return {
    node: process.version,
    v8: process.versions.v8,
    platform: process.platform,
    arch: process.arch,
    cpuModel: c[0]?.model?.trim() ?? "unknown",
    cpuCount: c.length,
    totalMemoryMb: Math.round(totalmem() / 1024 / 1024),
  };
}
