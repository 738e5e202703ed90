import { Command } from "commander";
import pkg from "../package.json" with { type: "json" };
import { registerCi } from "./commands/ci.ts";
import { registerCompare } from "./commands/compare.ts";
import { registerInfer } from "./commands/infer.ts";
import { registerProject } from "./commands/project.ts";
import { registerSweep } from "./commands/sweep.ts";
import { printable } from "./output/printable.ts";

export function buildProgram(): Command {
  const program = new Command()
    .name("wirebench")
    .description("What would your data cost on the wire in each serialization format?")
    .version(pkg.version, "-v, --version")
    .showHelpAfterError()
    // Before the commands are added, so they inherit it: errors come back to main() as exit code 2.
    .exitOverride();
  registerProject(program);
  registerCi(program);
  registerCompare(program);
  registerInfer(program);
  registerSweep(program);
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: "user" });
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (err) {
    const code = (err as { exitCode?: number }).exitCode;
    if (typeof code === "number") return code === 0 ? 0 : 2;
    // Messages often quote the input (a key, a line, the server's answer): never terminal controls.
    console.error(`wirebench: ${printable((err as Error).message, { keepLines: true })}`);
    return 2;
  }
}
