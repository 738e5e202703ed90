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
  // Other runtimes (`--runtimes`) carry their own counting outcome in their status.
  const elsewhere = (result.runtimes ?? []).flatMap((r) =>
    r.instructions ? [{ ...r.instructions, runtime: r.runtime }] : [],
  );
  if (!run && elsewhere.length === 0) return "";
  const unavailable = [...(run ? [{ ...run, runtime: "node" }] : []), ...elsewhere]
    .filter((r) => !r.available)
    .map((r) => pc.yellow(`instructions (${r.runtime}): unavailable (${r.reason ?? "no reason given"})`));
  if (run && !run.available && elsewhere.every((r) => !r.available)) return unavailable.join("\n");
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
  lines.unshift(table.toString());
  for (const r of [...(run ? [{ ...run, runtime: "node" }] : []), ...elsewhere]) {
    if (!r.available) continue;
    const pace = r.nsPerInstruction
      ? `, ${(1 / r.nsPerInstruction).toFixed(2)} instructions/ns on average`
      : "";
    lines.push(
      pc.dim(
        `instructions (${r.runtime}): callgrind ${r.valgrindVersion}, ${r.processes} fresh processes each${pace}; estimated = instructions at that pace (${((r.durationMs ?? 0) / 1000).toFixed(1)} s)`,
      ),
    );
  }
  lines.push(...unavailable);
  return lines.join("\n");
}
