import type { Result } from "@wirebench/contracts";
import { formatCount, formatNs } from "@wirebench/contracts/units";
import Table from "cli-table3";
import pc from "picocolors";

const OPS = ["encode", "decode", "access"] as const;

/**
 * The instruction counts of a `--metric instructions` run: per operation, instructions per call,
 * how far fresh processes were apart, and the time those instructions would take at the run's
 * average pace beside the measured median. Empty when the run did not count.
 */
export function renderInstructions(result: Result): string {
  const run = result.instructions;
  if (!run) return "";
  if (!run.available) return pc.yellow(`instructions: unavailable (${run.reason ?? "no reason given"})`);
  const table = new Table({
    head: ["format", "op", "instructions/op", "spread", "estimated", "wall (median)"],
    style: pc.isColorSupported ? { head: ["cyan"], border: ["grey"] } : { head: [], border: [] },
  });
  const lines: string[] = [];
  for (const f of result.formats) {
    const counts = f.instructions;
    if (!counts) continue;
    if (counts.error) lines.push(`${pc.red("✗")} ${f.id} instructions: ${counts.error}`);
    for (const op of OPS) {
      const c = counts[op];
      if (!c) continue;
      const spread = `${(c.spread * 100).toFixed(3)}%`;
      table.push([
        f.id,
        op,
        `${c.settled ? "" : pc.yellow("~")}${formatCount(c.perOp)}`,
        c.noisy ? pc.yellow(`${spread} noisy`) : pc.dim(spread),
        c.estimatedNs === undefined ? pc.dim("-") : formatNs(c.estimatedNs),
        f[op] ? formatNs((f[op] as { medianNs: number }).medianNs) : pc.dim("-"),
      ]);
    }
  }
  const pace = run.nsPerInstruction
    ? `, ${(1 / run.nsPerInstruction).toFixed(2)} instructions/ns on average`
    : "";
  lines.unshift(table.toString());
  lines.push(
    pc.dim(
      `instructions: callgrind ${run.valgrindVersion}, ${run.processes} fresh processes each${pace}; estimated = instructions at that pace (${((run.durationMs ?? 0) / 1000).toFixed(1)} s)`,
    ),
  );
  return lines.join("\n");
}
