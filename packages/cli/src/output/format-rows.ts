import type { FormatResult } from "@wirebench/contracts";
import { formatBytes, formatCount } from "@wirebench/contracts/units";
import pc from "picocolors";
import { printable } from "./printable.ts";
import { fidelity, timing } from "./table-cells.ts";

/**
 * One line of the table that fills in while a comparison runs: a format's sizes and fidelity the
 * moment it is verified (exact and cheap: they come first), its timings when every process timed
 * it. The full table follows on stdout at the end; these lines go to stderr with the progress.
 */
export function formatRow(f: FormatResult, final: boolean, elapsedMs: number): string {
  const t = pc.dim(`${(elapsedMs / 1000).toFixed(1).padStart(5)}s`);
  const id = (f.id ?? f.format).padEnd(17);
  if (!f.ok) return `${t} ${pc.red("failed ")} ${id} ${printable(String(f.error))}\n`;
  if (!final) {
    const sizes = `${formatBytes(f.bytes).padStart(9)}  gzip ${formatBytes(f.compressed.gzip).padStart(9)}  zstd ${formatBytes(f.compressed.zstd).padStart(9)}`;
    return `${t} ${pc.cyan("sizes  ")} ${id} ${sizes}  ${fidelity(f)}  ${pc.dim("timings pending")}\n`;
  }
  const ops = (["encode", "decode", "access"] as const)
    .filter((op) => f[op])
    .map((op) => `${op} ${timing(f[op])}`);
  return `${t} ${pc.green("timings")} ${id} ${ops.join("  ")}\n`;
}

/** The line after a format's instructions were counted (`--metric instructions`): per call, per operation. */
export function countsRow(f: FormatResult, elapsedMs: number): string {
  const t = pc.dim(`${(elapsedMs / 1000).toFixed(1).padStart(5)}s`);
  const id = (f.id ?? f.format).padEnd(17);
  const counts = f.instructions;
  if (counts?.error) return `${t} ${pc.red("counts ")} ${id} ${printable(counts.error)}\n`;
  const ops = (["encode", "decode", "access"] as const).flatMap((op) => {
    const c = counts?.[op];
    return c ? [`${op} ${formatCount(c.perOp)}${c.noisy ? pc.yellow(" noisy") : ""}`] : [];
  });
  return `${t} ${pc.magenta("counts ")} ${id} ${ops.join("  ")} ${pc.dim("instructions/call")}\n`;
}
