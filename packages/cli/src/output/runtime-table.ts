import type { FormatResult, Result } from "@wirebench/contracts";
import { formatBytes } from "@wirebench/contracts/units";
import Table from "cli-table3";
import pc from "picocolors";
import { printable } from "./printable.ts";
import { fidelity, timing } from "./table-cells.ts";

/** Node's entry standing for a family in the matrix: the minimal standard encoding, as sizes use. */
const nodeReference: Record<string, string> = { msgpack: "msgpackr-minimal", cbor: "cbor-minimal" };

function entryFor(formats: FormatResult[], family: string, runtime: string): FormatResult | undefined {
  const mine = formats.filter((f) => f.format === family && (f.runtime ?? "node") === runtime);
  const ok = mine.filter((f) => f.ok);
  if (runtime === "node")
    return (
      ok.find((f) => f.id === nodeReference[family]) ?? ok.find((f) => f.id === family) ?? ok[0] ?? mine[0]
    );
  return ok[0] ?? mine[0];
}

function cell(f: FormatResult | undefined): string {
  if (!f) return pc.dim("-");
  if (!f.ok) return pc.red(`✗ ${printable(String(f.error)).slice(0, 40)}`);
  return [
    `${f.id} ${formatBytes(f.bytes)}`,
    `enc ${timing(f.encode)}`,
    `dec ${timing(f.decode)}`,
    fidelity(f),
  ].join("\n");
}

/**
 * `--runtimes`: a format × runtime matrix (bytes, encode and decode medians with their interval,
 * exact or not), the runtimes that could not measure and why, and "same bytes in every runtime?".
 */
export function renderRuntimeTable(result: Result): string {
  const statuses = result.runtimes ?? [];
  const measured = statuses.filter((s) => s.available);
  const lines: string[] = [];
  if (measured.length > 0) {
    const table = new Table({
      head: ["format", ...measured.map((s) => `${s.runtime} ${pc.dim(s.version ?? "")}`)],
      style: pc.isColorSupported ? { head: ["cyan"], border: ["grey"] } : { head: [], border: [] },
    });
    const families = [...new Set(result.formats.map((f) => f.format))];
    for (const family of families) {
      const cells = measured.map((s) => entryFor(result.formats, family, s.runtime));
      if (cells.filter(Boolean).length < 2 && measured.length > 1) continue;
      table.push([family, ...cells.map(cell)]);
    }
    // `--formats colfer`: a family only one runtime has leaves nothing to put side by side.
    lines.push(table.length > 0 ? table.toString() : pc.dim("no format was measured in two runtimes"));
  }
  for (const s of statuses.filter((x) => !x.available))
    lines.push(pc.yellow(`${s.runtime}: unavailable (${printable(s.reason ?? "no reason given")})`));
  const rows = result.crossRuntime ?? [];
  if (rows.length > 0) lines.push("same bytes in every runtime?");
  for (const r of rows) {
    const differs = r.different.map((d) =>
      d.firstDifferenceAt < 0
        ? `${d.id} (${formatBytes(d.bytes)}, a later message differs)`
        : `${d.id} (${formatBytes(d.bytes)}, from byte ${d.firstDifferenceAt})`,
    );
    const verdict = differs.length === 0 ? pc.green("yes") : pc.yellow("no");
    const parts = [
      r.same.length ? `same as ${r.reference}: ${r.same.join(", ")}` : `reference ${r.reference}`,
    ];
    if (differs.length) parts.push(`different: ${differs.join(", ")}`);
    lines.push(`  ${r.format}: ${verdict}; ${parts.join("; ")}`);
  }
  return lines.join("\n");
}
