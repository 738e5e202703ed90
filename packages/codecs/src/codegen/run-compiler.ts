import { execFile } from "node:child_process";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

/**
 * Runs an official schema compiler (flatc, capnp, thrift) outside any timed loop. Asynchronous so
 * that several compilers, each a process of its own, run side by side (see generateOnce). A missing
 * binary or a compile error becomes one clear line naming the compiler, for the format's error.
 */
export async function runCompiler(
  cmd: string,
  args: string[],
  opts: { cwd?: string; debianPackage: string; env?: NodeJS.ProcessEnv },
): Promise<string> {
  try {
    const running = execFileAsync(cmd, args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
      encoding: "utf8",
    });
    // capnp-es's compiler reads a code generator request from stdin when stdin is not a terminal:
    // an open pipe would keep it waiting forever.
    running.child.stdin?.end();
    return (await running).stdout;
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; code?: string };
    if (e.code === "ENOENT")
      throw new Error(`${cmd} is not installed (Debian package ${opts.debianPackage})`);
    const text = `${e.stderr ?? ""}\n${e.stdout ?? ""}`.trim().split("\n").filter(Boolean);
    throw new Error(`${cmd} failed: ${text.slice(0, 2).join(" | ") || String(err)}`);
  }
}
