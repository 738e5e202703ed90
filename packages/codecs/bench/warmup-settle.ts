/**
 * Does warm-up end on the code that will be timed? For every operation of every format on the 10 KB
 * twitter sample (`ACCURACY_DOC=10kB` of bench/accuracy.ts), in a fresh process per format and rule:
 * warm up with the default settings, then take 8 batches at once (what a child's first timed samples
 * start from) and 300 ms more of batches; compare the median of those 8 with the median of the last
 * 100 ms (the settled code). Run once with `warmupQuietFraction` 0 (a plateau of a few batches ends
 * warm-up) and once with the default, in alternation; the default's processes see V8's optimisations
 * (jitEventFlags) as a full run's children do. Prints warm-up time and that ratio per
 * operation, and the sums. A benchmark, not a test.
 *   npm run bench:warmup-settle -w @wirebench/codecs -- [--formats protobuf,avro] [--repeat 2]
 *   SETTLE_FLAGS="--min-semi-space-size=16" adds Node flags to the measuring processes.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inferDataset } from "@wirebench/schemas";
import { median } from "simple-statistics";
import { isUnsupported } from "../src/adapters/types.ts";
import { warmUpAndCalibrate } from "../src/harness/calibrate.ts";
import { jitEventCounter, jitEventFlags } from "../src/harness/jit-events.ts";
import { defaultSettings } from "../src/harness/settings.ts";
import { compileTimedLoop } from "../src/harness/timed-batch.ts";
import { loadAdapter, registry, selectEntries } from "../src/registry/registry.ts";
import { pct, tenKbTwitterSample } from "./bench-helpers.ts";

const SETTLE_MS = 300;

interface OpFigures {
  key: string;
  warmupMs: number;
  /** Median per-call ns of the 8 batches right after warm-up, and of the last 100 ms. */
  first: number;
  settled: number;
}

/** Child mode: one format, one rule, printed as JSON on the last line. */
async function measureFormat(id: string, quietFraction: number): Promise<OpFigures[]> {
  const dataset = inferDataset(tenKbTwitterSample().text);
  const settings = { ...defaultSettings, warmupQuietFraction: quietFraction };
  const out: OpFigures[] = [];
  const jitEvents = jitEventCounter();
  for (const entry of selectEntries(registry, [id])) {
    const workDir = mkdtempSync(join(tmpdir(), "wirebench-settle-"));
    try {
      const adapter = await loadAdapter(entry);
      await adapter.generate?.(dataset, { workDir });
      const codec = await adapter.prepare(dataset, { workDir });
      if (isUnsupported(codec)) continue;
      const encoded = codec.inputs.map((m) => codec.encode(m as never));
      const ops: [string, (a: unknown) => unknown, unknown[]][] = [
        ["encode", codec.encode as (a: unknown) => unknown, codec.inputs],
        ["decode", codec.decode as (a: unknown) => unknown, encoded],
      ];
      if (codec.access) ops.push(["access", codec.access as (a: unknown) => unknown, encoded]);
      for (const [op, fn, args] of ops) {
        const loop = compileTimedLoop();
        const t0 = performance.now();
        const { iterations } = warmUpAndCalibrate(fn, args, settings, loop, undefined, jitEvents);
        const warmupMs = performance.now() - t0;
        const perCall = () => loop(fn, args, iterations) / iterations;
        const first = Array.from({ length: 8 }, perCall);
        const late: number[] = [];
        const t1 = performance.now();
        while (performance.now() - t1 < SETTLE_MS) {
          const ns = perCall();
          if (performance.now() - t1 >= SETTLE_MS - 100) late.push(ns);
        }
        out.push({ key: `${entry.id} ${op}`, warmupMs, first: median(first), settled: median(late) });
      }
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  }
  return out;
}

const childArgs = process.argv.indexOf("--child");
if (childArgs >= 0) {
  const [id, fraction] = process.argv.slice(childArgs + 1);
  const figures = await measureFormat(id as string, Number(fraction));
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const formats = arg("--formats")?.split(",") ?? [...new Set(registry.map((e) => e.format))];
  const repeat = Number(arg("--repeat") ?? 1);
  const rules = [0, defaultSettings.warmupQuietFraction];
  const self = fileURLToPath(import.meta.url);
  const byRule = new Map<number, OpFigures[]>(rules.map((r) => [r, []]));
  for (let k = 0; k < repeat; k++)
    for (const format of formats)
      for (const rule of rules) {
        const out = execFileSync(
          process.execPath,
          [
            "--import",
            "tsx",
            "--pending-deprecation",
            "--no-deprecation",
            ...(rule > 0 ? jitEventFlags : []),
            ...(process.env.SETTLE_FLAGS?.split(" ") ?? []),
            self,
            "--child",
            format,
            String(rule),
          ],
          { encoding: "utf8", maxBuffer: 1 << 24 },
        );
        byRule.get(rule)?.push(...(JSON.parse(out.trim().split("\n").pop() as string) as OpFigures[]));
      }
  console.log(
    "10 KB twitter sample: warm-up, then the first 8 batches' median against the median after 300 ms more (fresh process per format and rule)",
  );
  console.log(
    `rule (warmupQuietFraction)   warm-up (sum)   first/settled: median   p75      p90      ops > +10 %`,
  );
  for (const rule of rules) {
    const figs = byRule.get(rule) as OpFigures[];
    const ratios = figs.map((f) => f.first / f.settled - 1).sort((a, b) => a - b);
    const q = (p: number) => ratios[Math.min(ratios.length - 1, Math.floor(p * ratios.length))] as number;
    const sum = figs.reduce((s, f) => s + f.warmupMs, 0);
    console.log(
      `${rule.toFixed(2).padEnd(29)}${`${(sum / 1000).toFixed(2)} s`.padEnd(16)}${pct(median(ratios)).padEnd(24)}${pct(q(0.75)).padEnd(9)}${pct(q(0.9)).padEnd(9)}${ratios.filter((r) => r > 0.1).length}/${ratios.length}`,
    );
  }
  const worst = [...rules].map((rule) => {
    const figs = [...(byRule.get(rule) as OpFigures[])].sort(
      (a, b) => b.first / b.settled - a.first / a.settled,
    );
    return `${rule.toFixed(2)}: ${figs
      .slice(0, 4)
      .map((f) => `${f.key} ${pct(f.first / f.settled - 1)} after ${f.warmupMs.toFixed(0)} ms`)
      .join(", ")}`;
  });
  console.log(`largest gaps — ${worst.join(" | ")}`);
}
