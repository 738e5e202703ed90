import { execFileSync } from "node:child_process";

/**
 * Runs an official schema compiler (flatc, capnp, thrift) outside any timed loop. A missing binary
 * or a compile error becomes one clear line naming the compiler, for the format's error.
 */
export function runCompiler(
  cmd: string,
  args: string[],
  opts: { cwd?: string; debianPackage: string; env?: NodeJS.ProcessEnv },
): string {
  try {
    return execFileSync(cmd, args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 120_000,
      encoding: "utf8",
    });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; code?: string };
    if (e.code === "ENOENT")
      throw new Error(`${cmd} is not installed (Debian package ${opts.debianPackage})`);
    const text = `${e.stderr ?? ""}\n${e.stdout ?? ""}`.trim().split("\n").filter(Boolean);
    throw new Error(`${cmd} failed: ${text.slice(0, 2).join(" | ") || String(err)}`);
  }
}
