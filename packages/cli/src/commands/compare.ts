import { writeFileSync } from "node:fs";
import { loadDataset, type ProgressEvent, runComparison } from "@wirebench/codecs";
import {
  type FidelitySeverity,
  type FormatResult,
  fidelityCounts,
  issueSeverity,
  type Result,
  sizeSummaryEntries,
  type Timing,
} from "@wirebench/contracts";
import { schemaAsSampleProblem } from "@wirebench/schemas/detect";
import Table from "cli-table3";
import type { Command } from "commander";
import pc from "picocolors";
import { readText, sampleFormatOf, schemaKindOf } from "../ci/read-input.ts";
import { printable } from "../output/printable.ts";

interface CompareOptions {
  schema?: string;
  root?: string;
  formats?: string;
  json?: string;
  quick?: boolean;
}

/** `wirebench compare`: the whole pipeline embedded (no database, no queue), table on stdout. */
export function registerCompare(program: Command): void {
  program
    .command("compare")
    .description("infer a schema, round-trip and measure every format on a JSON sample (embedded)")
    .argument("<file>", "sample: .json document or array of records, or .ndjson")
    .option(
      "--schema <file>",
      "schema the sample must follow (.proto, .avsc, .thrift, .fbs, .capnp, or JSON Schema)",
    )
    .option(
      "--root <type>",
      "with a .proto, .thrift, .fbs or .capnp schema: the type each record is (default: a .fbs root_type, else the one no other type uses)",
    )
    .option("--formats <list>", "comma-separated format ids or names (default: all)")
    .option("--json <out>", "write the Result JSON to this file")
    .option("--quick", "coarse answer in seconds (one process, short warm-up)")
    .action(async (file: string, opts: CompareOptions) => {
      const result = await compare(file, opts);
      process.stdout.write(`${renderTable(result)}\n`);
      if (opts.json) writeFileSync(opts.json, `${JSON.stringify(result, null, 2)}\n`);
    });
}

async function compare(file: string, opts: CompareOptions): Promise<Result> {
  const text = readText(file);
  const schemaText = opts.schema ? readText(opts.schema) : undefined;
  const kind = opts.schema ? schemaKindOf(opts.schema) : undefined;
  // importSchema refuses a root where a schema has only one; without --schema there is none to pass it to.
  if (opts.root !== undefined && !kind)
    throw new Error("--root needs a .proto, .thrift, .fbs or .capnp --schema");
  const sampleFormat = sampleFormatOf(file);
  // The run API refuses a JSON Schema sent as the sample with the same detector.
  const problem = kind ? null : schemaAsSampleProblem(text, sampleFormat);
  if (problem) throw new Error(`${file}: ${problem}; pass it as --schema, with a sample that follows it`);
  const dataset = loadDataset({
    text,
    sampleFormat,
    ...(kind && schemaText !== undefined
      ? { schema: { kind, text: schemaText, ...(opts.root !== undefined ? { rootType: opts.root } : {}) } }
      : {}),
  });
  const formats = opts.formats
    ?.split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  const started = Date.now();
  return runComparison(dataset, {
    ...(formats ? { formats } : {}),
    quick: opts.quick === true,
    onProgress: (e) => process.stderr.write(progressLine(e, started)),
  });
}

function progressLine(e: ProgressEvent, started: number): string {
  const t = pc.dim(`${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s`);
  const phase = e.phase === "failed" ? pc.red(e.phase) : e.phase === "done" ? pc.green(e.phase) : e.phase;
  return `${t} ${e.id.padEnd(17)} ${phase}${e.detail ? pc.dim(` ${e.detail}`) : ""}\n`;
}

function bytes(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} MB`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(1)} kB`;
  return `${n} B`;
}

function duration(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(1)} µs`;
  return `${ns.toFixed(0)} ns`;
}

/** Marks a timing whose warm-up hit its time bound unsettled; explained below the table. */
const UNSETTLED = "~";

/**
 * Median with the 95% CI half-width as ± percent; wide intervals (> 10%) are shown in yellow. A
 * narrow interval can still hide an unsettled JIT, so that gets its own mark.
 */
function timing(t: Timing | null | undefined): string {
  if (!t) return pc.dim("-");
  const half = ((t.ciHighNs - t.ciLowNs) / 2 / t.medianNs) * 100;
  const ci = `±${half.toFixed(0)}%`;
  const mark = t.warmupStable === false ? pc.yellow(UNSETTLED) : "";
  return `${mark}${duration(t.medianNs)} ${half > 10 ? pc.yellow(ci) : pc.dim(ci)}`;
}

const kindsOf = (f: FormatResult, severity: FidelitySeverity) =>
  [...new Set(f.fidelity.issues.filter((i) => issueSeverity(i) === severity).map((i) => i.kind))].join(", ");

/** Lossy issues are the verdict; cosmetic ones (key order, -0) follow dimmed, never in yellow. */
function fidelity(f: FormatResult): string {
  const { lossy, cosmetic } = fidelityCounts(f.fidelity);
  const verdict =
    lossy === 0 ? pc.green("exact") : pc.yellow(`${lossy} lossy: ${kindsOf(f, "lossy") || "issues"}`);
  return cosmetic === 0
    ? verdict
    : `${verdict} ${pc.dim(`+${cosmetic} cosmetic: ${kindsOf(f, "cosmetic")}`)}`;
}

const smallestBy = (fs: FormatResult[], size: (f: FormatResult) => number) =>
  fs.reduce<FormatResult | undefined>((min, f) => (min && size(min) <= size(f) ? min : f), undefined);

/**
 * The size summary under the table compares each format's minimal standard encoding: a library
 * default that pads (msgpackr, cbor-x) gives way to its minimal variant when that ran, and says so.
 */
function sizeLines(ok: FormatResult[]): string[] {
  const compared = sizeSummaryEntries(ok);
  const raw = smallestBy(compared, (f) => f.bytes);
  const zstd = smallestBy(compared, (f) => f.compressed.zstd);
  if (!raw || !zstd) return [];
  const lines = [
    `smallest: ${raw.id ?? raw.format} ${bytes(raw.bytes)}; with zstd: ${zstd.id ?? zstd.format} ${bytes(zstd.compressed.zstd)}`,
  ];
  const replaced = ok.flatMap((f) => {
    const minimal = ok.find((m) => f.minimalVariant && m.id === f.minimalVariant);
    return minimal && !compared.includes(f)
      ? [`${minimal.id} for ${f.id} (+${bytes(f.bytes - minimal.bytes)})`]
      : [];
  });
  if (replaced.length > 0)
    lines.push(
      pc.dim(
        `sizes compare each format's minimal encoding: ${replaced.join(", ")}; the library defaults write a 3-byte header for every object`,
      ),
    );
  return lines;
}

/** The headline under the table: only lossy formats "did not round-trip"; cosmetic-only ones apart. */
function fidelityLines(ok: FormatResult[]): string[] {
  const lossy = ok.filter((f) => !fidelityCounts(f.fidelity).exact);
  const cosmetic = ok.filter((f) => {
    const c = fidelityCounts(f.fidelity);
    return c.exact && c.cosmetic > 0;
  });
  const ids = (fs: FormatResult[]) => fs.map((f) => f.id ?? f.format).join(", ");
  const lines: string[] = [];
  if (lossy.length > 0)
    lines.push(
      pc.yellow(
        `${lossy.length} format${lossy.length > 1 ? "s" : ""} did not round-trip the data exactly: ${ids(lossy)}`,
      ),
    );
  if (cosmetic.length > 0)
    lines.push(pc.dim(`cosmetic differences only (same values; e.g. key order): ${ids(cosmetic)}`));
  return lines;
}

export function renderTable(result: Result): string {
  const table = new Table({
    head: ["format", "library", "bytes", "gzip", "zstd", "encode", "decode", "access", "fidelity"],
    // cli-table3 colours borders itself; follow picocolors (NO_COLOR, pipes) so plain output stays plain.
    style: pc.isColorSupported ? { head: ["cyan"], border: ["grey"] } : { head: [], border: [] },
  });
  const ok = result.formats.filter((f) => f.ok).sort((a, b) => a.bytes - b.bytes);
  for (const f of ok) {
    table.push([
      `${f.id ?? f.format} ${pc.dim(f.variant)}`,
      `${f.library}@${f.version}`,
      bytes(f.bytes),
      bytes(f.compressed.gzip),
      bytes(f.compressed.zstd),
      timing(f.encode),
      timing(f.decode),
      timing(f.access),
      fidelity(f),
    ]);
  }
  const failed = result.formats.filter((f) => !f.ok);
  const lines = [table.toString()];
  if (ok.some((f) => [f.encode, f.decode, f.access].some((t) => t?.warmupStable === false)))
    lines.push(
      pc.yellow(
        `${UNSETTLED} warm-up did not settle within its time bound: the JIT may still have been changing tiers`,
      ),
    );
  lines.push(...sizeLines(ok), ...fidelityLines(ok));
  for (const f of failed) lines.push(`${pc.red("✗")} ${f.id ?? f.format}: ${printable(String(f.error))}`);
  // What a schema format could not carry as written: counted here, listed in the Result JSON.
  const limited = result.formats.filter((f) => f.limitations?.length);
  if (limited.length > 0 || result.limitations?.length) {
    const parts = limited.map((f) => `${f.id ?? f.format} ${f.limitations!.length}`);
    if (result.limitations?.length) parts.unshift(`schema → IR ${result.limitations.length}`);
    lines.push(pc.dim(`limitations: ${parts.join(", ")} (listed with --json)`));
  }
  const n = result.noise;
  if (n?.ciWidth != null) {
    const parts = [`median CI width ${(n.ciWidth * 100).toFixed(1)}%`];
    if (n.betweenProcesses != null) parts.push(`between processes ${(n.betweenProcesses * 100).toFixed(1)}%`);
    if (n.betweenRounds != null) parts.push(`between rounds ${(n.betweenRounds * 100).toFixed(1)}%`);
    lines.push(pc.dim(`noise: ${parts.join(", ")}`));
  }
  const env = result.environment;
  lines.push(
    pc.dim(`Node ${env.node} · ${env.cpuModel} ×${env.cpuCount} · ${(env.durationMs / 1000).toFixed(1)} s`),
  );
  return lines.join("\n");
}
