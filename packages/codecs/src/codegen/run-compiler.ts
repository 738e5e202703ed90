import { execFile } from "node:child_process";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

/**
 * Runs an official schema compiler (flatc, capnp, thrift) outside any timed loop. Asynchronous so
 * that several compilers, each a process of its own, run side by side (see generateOnce). A missing
 * binary or a compile error becomes one clear line naming the compiler and quoting its error lines.
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
    const lines = compilerErrorLines(`${e.stderr ?? ""}\n${e.stdout ?? ""}`);
    throw new Error(`${cmd} failed: ${lines.join(" | ") || String(err)}`);
  }
}

/** Most lines of a compiler's output that a format's error quotes. */
export const maxCompilerErrorLines = 5;

/**
 * The lines of a compiler's output that say why it failed: those naming an error (flatc prints
 * every warning before its one error line), else the first lines. A line that is only a label
 * (`error:`) is dropped, and at most `maxCompilerErrorLines` are kept.
 */
export function compilerErrorLines(output: string): string[] {
  const lines = output
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !/^(error|warning):?$/i.test(l));
  const errors = lines.filter((l) => /\berror\b/i.test(l));
  return (errors.length > 0 ? errors : lines).slice(0, maxCompilerErrorLines);
}
