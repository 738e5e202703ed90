import { execFileSync } from "node:child_process";
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

export function gitCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], {
      cwd: here,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return null;
  }
}

function compilerVersion(cmd: string, args: string[]): string | undefined {
  try {
    return execFileSync(cmd, args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 5000,
    }).trim();
  } catch {
    return undefined;
  }
}

export function compilerVersions(): Record<string, string> {
  const out: Record<string, string> = {};
  const list: [string, string, string[]][] = [
    ["flatc", "flatc", ["--version"]],
    ["capnp", "capnp", ["--version"]],
    ["thrift", "thrift", ["--version"]],
  ];
  for (const [name, cmd, args] of list) {
    const v = compilerVersion(cmd, args);
    if (v) out[name] = v;
  }
  return out;
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
