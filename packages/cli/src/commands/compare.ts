import { writeFileSync } from "node:fs";
import { type Metric, type ProgressEvent, runComparison } from "@wirebench/codecs";
import type { Result, RuntimeId } from "@wirebench/contracts";
import { formatBytes } from "@wirebench/contracts/units";
import { idlCompilers } from "@wirebench/idl-compilers";
import { cliOptionNames, planFormats } from "@wirebench/runtimes/formats";
import { loadDataset } from "@wirebench/schemas";
import { schemaAsSampleProblem } from "@wirebench/schemas/detect";
import Table from "cli-table3";
import { type Command, InvalidArgumentError } from "commander";
import pc from "picocolors";
import { readText, sampleFormatOf, schemaKindOf } from "../ci/read-input.ts";
import { formatRow } from "../output/format-rows.ts";
import { renderInstructions } from "../output/instructions-table.ts";
import { metricOption } from "../output/metric-option.ts";
import { printable } from "../output/printable.ts";
import { renderRuntimeTable } from "../output/runtime-table.ts";
import { fidelityLines, sizeLines } from "../output/summary-lines.ts";
import { BUDGET_BOUND, fidelity, OVER_BUDGET, timing, UNSETTLED } from "../output/table-cells.ts";
import { renderTransportTable } from "../output/transport-table.ts";
import type { TransportFlags } from "./compare-transport.ts";
import { parseRuntimes } from "./runtimes-flag.ts";

interface CompareOptions extends TransportFlags {
  schema?: string;
  root?: string;
  formats?: string;
  json?: string;
  quick?: boolean;
  budget?: number;
  metric?: Metric;
  runtimes?: RuntimeId[];
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
    .option(
      "--formats <list>",
      "comma-separated format ids or names (default: all), of Node or of a runtime in --runtimes (colfer, kryo@java)",
    )
    .option("--json <out>", "write the Result JSON to this file")
    .option("--quick", "coarse answer in seconds (one process, short warm-up)")
    .option(
      "--budget <seconds>",
      "wall-clock seconds the timed rounds may take, all formats together (default 30, --quick 4)",
      parseBudget,
    )
    .option("--transport <list>", "also measure end to end over http1, http2, broker (comma-separated)")
    .option(
      "--link <rtt/bandwidth>",
      "with --transport: an emulated link, e.g. 20ms/10mbit (default: loopback)",
    )
    .option(
      "--transport-messages <n>",
      "with --transport: messages per format and transport (default 200, quick 30)",
    )
    .option(
      "--runtimes <list>",
      "measure in these runtimes too, one after another: node, python, go, java, rust (default node); a missing toolchain is listed as unavailable",
      parseRuntimes,
    )
    .addOption(metricOption())
    .action(async (file: string, opts: CompareOptions) => {
      const result = await compare(file, opts);
      process.stdout.write(
        `${[renderTable(result), renderInstructions(result)].filter(Boolean).join("\n")}\n`,
      );
      if (result.transport) process.stdout.write(`${renderTransportTable(result)}\n`);
      if (result.runtimes) process.stdout.write(`${renderRuntimeTable(result)}\n`);
      if (opts.json) writeFileSync(opts.json, `${JSON.stringify(result, null, 2)}\n`);
    });
}

async function compare(file: string, opts: CompareOptions): Promise<Result> {
  // What Node and each other runtime measure; a name no asked-for runtime has fails here, first.
  const formats = planFormats(opts.formats?.split(","), opts.runtimes, cliOptionNames);
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
  const dataset = loadDataset(
    {
      text,
      sampleFormat,
      ...(kind && schemaText !== undefined
        ? { schema: { kind, text: schemaText, ...(opts.root !== undefined ? { rootType: opts.root } : {}) } }
        : {}),
    },
    idlCompilers,
  );
  // The transport and runtime modules (Redis client, toolchain probes) load only when asked for.
  const transports =
    opts.transport || opts.link || opts.transportMessages
      ? await import("./compare-transport.ts")
      : undefined;
  const runtimes = opts.runtimes ? await import("./compare-runtimes.ts") : undefined;
  const plan = transports?.transportPlan(opts);
  const started = Date.now();
  // Node not asked for: its sizes still stand as the byte comparison's reference, untimed.
  const nodeUntimed = opts.runtimes !== undefined && !opts.runtimes.includes("node");
  const result = await runComparison(dataset, {
    ...(formats.node ? { formats: formats.node } : {}),
    quick: opts.quick === true,
    ...(nodeUntimed ? { verifyOnly: true } : {}),
    metric: opts.metric ?? "time",
    ...(opts.budget !== undefined ? { settings: { budgetMs: opts.budget * 1000 } } : {}),
    // Rows of sizes, then of timings, say what each format has reached; of the other progress only
    // the start of measuring is worth a line (it is where a run spends its time).
    onProgress: (e) => {
      if (e.phase === "measuring") process.stderr.write(progressLine(e, started));
    },
    onFormatResult: (entry, { final }) => {
      process.stderr.write(formatRow(entry, final, Date.now() - started));
    },
  });
  const withTransports =
    plan && transports ? await transports.addTransports(dataset, result, plan, opts.quick === true) : result;
  if (!runtimes || !opts.runtimes) return withTransports;
  return runtimes.compareRuntimes(withTransports, dataset, {
    runtimes: opts.runtimes,
    ...(formats.runtimes ? { formats: formats.runtimes } : {}),
    quick: opts.quick === true,
    ...(opts.budget !== undefined ? { budgetMs: opts.budget * 1000 } : {}),
    countInstructions: opts.metric === "instructions",
    started,
  });
}

/** `--budget` in seconds: a positive finite number, or a clear error naming the flag. */
function parseBudget(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError(`--budget must be a positive number of seconds, got "${value}"`);
  return n;
}

function progressLine(e: ProgressEvent, started: number): string {
  const t = pc.dim(`${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s`);
  const phase = e.phase === "failed" ? pc.red(e.phase) : e.phase === "done" ? pc.green(e.phase) : e.phase;
  return `${t} ${e.id.padEnd(17)} ${phase}${e.detail ? pc.dim(` ${e.detail}`) : ""}\n`;
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
      formatBytes(f.bytes),
      formatBytes(f.compressed.gzip),
      formatBytes(f.compressed.zstd),
      timing(f.encode),
      timing(f.decode),
      timing(f.access),
      fidelity(f),
    ]);
  }
  const failed = result.formats.filter((f) => !f.ok);
  const lines = [table.toString()];
  const timings = ok.flatMap((f) => [f.encode, f.decode, f.access]);
  if (timings.some((t) => t?.budgetBound && !t.overBudget))
    lines.push(
      pc.yellow(
        `${BUDGET_BOUND} the time budget (--budget) cut these samples: fewer than the settings ask for, a wider interval`,
      ),
    );
  if (timings.some((t) => t?.overBudget))
    lines.push(
      pc.yellow(
        `${OVER_BUDGET} one call takes longer than the budget allows samples for: timed once per process`,
      ),
    );
  if (timings.some((t) => t?.warmupStable === false))
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
