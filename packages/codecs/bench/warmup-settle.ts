/**
 * Does warm-up end on the code that will be timed, and how much of it could any rule save? For
 * every operation of every format (the 10 KB twitter sample of bench/accuracy.ts, or `--sample
 * video10kB`, issue 18's), in a fresh process per format and rule (`--together`: one process per
 * rule holding every format, as a run's child does): warm up with the default settings (`--cap`:
 * capped as a full run of every format caps it, warmup-cap.ts), then take 8 batches at once (what a
 * child's first timed samples start from) and 300 ms more of batches; compare the median of those 8
 * with the median of the last 100 ms (the settled code). Run once with `warmupQuietFraction` 0 (a
 * plateau of a few batches ends warm-up) and once with the default, in alternation; the default's
 * processes see V8's optimisations (jitEventFlags) as a full run's children do.
 *
 * Also prints the hindsight floor: for each operation, the batch from which on every three batches
 * in a row had one within 10 % of the settled time (hindsightStopMs). A rule that knew the settled
 * time in advance could have stopped warm-up there and no sooner; summed, that bounds what any
 * warm-up rule could save. A benchmark, not a test.
 *   npm run bench:warmup-settle -w @wirebench/codecs -- [--formats protobuf,avro] [--repeat 2]
 *     [--sample video10kB] [--together] [--cap]
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
import { compileTimedLoop, type TimedLoop } from "../src/harness/timed-batch.ts";
import { warmupMaxMs } from "../src/harness/warmup-cap.ts";
import { loadAdapter, registry, selectEntries } from "../src/registry/registry.ts";
import { pct, tenKbTwitterSample, videoSample } from "./bench-helpers.ts";

const SETTLE_MS = 300;
/** How near the settled time a hindsight stop must hold, and for how many batches in a row. */
const FLOOR_TOLERANCE = 0.1;
const FLOOR_RUN = 3;

interface OpFigures {
  key: string;
  warmupMs: number;
  /** Median per-call ns of the 8 batches right after warm-up, and of the last 100 ms. */
  first: number;
  settled: number;
  /** Time spent in warm-up's batches, and where a rule knowing `settled` could have stopped them. */
  batchMs: number;
  floorMs: number;
}

interface Batch {
  /** Time spent in batches so far, at this batch's end, and this batch's time per call. */
  endMs: number;
  perCall: number;
}

/** `loop`, also recording every batch it runs. */
function recording(loop: TimedLoop, batches: Batch[]): TimedLoop {
  let spentNs = 0;
  return (fn, args, n) => {
    const ns = loop(fn, args, n);
    spentNs += ns;
    batches.push({ endMs: spentNs / 1e6, perCall: ns / n });
    return ns;
  };
}

/**
 * The end of the last `FLOOR_RUN` batches in a row whose fastest was more than `FLOOR_TOLERANCE`
 * above `settled`: from there on, every `FLOOR_RUN` in a row had one within it. The fastest, since
 * another process's time slice only ever adds time (on a shared host whole stretches of batches run
 * slow), while code V8 has not finished optimising is slow in every batch. Hindsight, so a floor: an
 * online rule must see the plateau before it can trust it.
 */
function hindsightStopMs(batches: Batch[], settled: number): number {
  const limit = settled * (1 + FLOOR_TOLERANCE);
  for (let i = batches.length - FLOOR_RUN; i >= 0; i--) {
    const fastest = Math.min(...batches.slice(i, i + FLOOR_RUN).map((b) => b.perCall));
    if (fastest > limit) return (batches[i + FLOOR_RUN - 1] as Batch).endMs;
  }
  return 0;
}

function sampleText(sample: string): string {
  return sample === "video10kB" ? videoSample(10_000) : tenKbTwitterSample().text;
}

/** Child mode: some formats, one rule, printed as JSON on the last line. */
async function measureFormats(
  ids: string[],
  quietFraction: number,
  sample: string,
  capped: boolean,
): Promise<OpFigures[]> {
  const dataset = inferDataset(sampleText(sample));
  const settings = {
    ...defaultSettings,
    warmupQuietFraction: quietFraction,
    ...(capped
      ? { warmupMaxMs: warmupMaxMs(defaultSettings, defaultSettings.processes, registry.length) }
      : {}),
  };
  const out: OpFigures[] = [];
  const jitEvents = jitEventCounter();
  for (const entry of selectEntries(registry, ids)) {
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
        const batches: Batch[] = [];
        const loop = recording(compileTimedLoop(), batches);
        const t0 = performance.now();
        const { iterations } = warmUpAndCalibrate(fn, args, settings, loop, undefined, jitEvents);
        const warmupMs = performance.now() - t0;
        const batchMs = batches.at(-1)?.endMs ?? 0;
        const perCall = () => loop(fn, args, iterations) / iterations;
        const first = Array.from({ length: 8 }, perCall);
        const late: number[] = [];
        const t1 = performance.now();
        while (performance.now() - t1 < SETTLE_MS) {
          const ns = perCall();
          if (performance.now() - t1 >= SETTLE_MS - 100) late.push(ns);
        }
        const settled = median(late);
        out.push({
          key: `${entry.id} ${op}`,
          warmupMs,
          first: median(first),
          settled,
          batchMs,
          floorMs: hindsightStopMs(batches, settled),
        });
      }
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  }
  return out;
}

const childArgs = process.argv.indexOf("--child");
if (childArgs >= 0) {
  const [ids, fraction, sample, capped] = process.argv.slice(childArgs + 1);
  const figures = await measureFormats(
    (ids as string).split(","),
    Number(fraction),
    sample as string,
    capped === "cap",
  );
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const formats = arg("--formats")?.split(",") ?? [...new Set(registry.map((e) => e.format))];
  const repeat = Number(arg("--repeat") ?? 1);
  const sample = arg("--sample") === "video10kB" ? "video10kB" : "twitter10kB";
  const together = process.argv.includes("--together");
  const capped = process.argv.includes("--cap");
  const rules = [0, defaultSettings.warmupQuietFraction];
  const self = fileURLToPath(import.meta.url);
  const byRule = new Map<number, OpFigures[]>(rules.map((r) => [r, []]));
  for (let k = 0; k < repeat; k++)
    for (const group of together ? [formats] : formats.map((f) => [f]))
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
            group.join(","),
            String(rule),
            sample,
            capped ? "cap" : "uncapped",
          ],
          { encoding: "utf8", maxBuffer: 1 << 24 },
        );
        byRule.get(rule)?.push(...(JSON.parse(out.trim().split("\n").pop() as string) as OpFigures[]));
      }
  const cap = capped
    ? `warm-up capped at ${warmupMaxMs(defaultSettings, defaultSettings.processes, registry.length).toFixed(0)} ms as in a full run`
    : `warm-up up to ${defaultSettings.warmupMaxMs} ms`;
  console.log(
    `${sample === "video10kB" ? "10 KB Video sample" : "10 KB twitter sample"}, ${cap}, ${together ? "one process per rule holding every format" : "a fresh process per format and rule"}, ${repeat} time(s):`,
  );
  console.log(
    "first 8 batches after warm-up against the median after 300 ms more; hindsight floor: where a rule knowing the settled time could have stopped (batch time)",
  );
  console.log(
    `rule (warmupQuietFraction)   warm-up (sum)   first/settled: median   p75      p90      ops > +10 %   warm-up batches → floor (sum)   stopped before the floor`,
  );
  for (const rule of rules) {
    const figs = byRule.get(rule) as OpFigures[];
    const ratios = figs.map((f) => f.first / f.settled - 1).sort((a, b) => a - b);
    const q = (p: number) => ratios[Math.min(ratios.length - 1, Math.floor(p * ratios.length))] as number;
    const sum = (of: (f: OpFigures) => number) => figs.reduce((s, f) => s + of(f), 0) / 1000;
    const floor = `${sum((f) => f.batchMs).toFixed(2)} → ${sum((f) => Math.min(f.floorMs, f.batchMs)).toFixed(2)} s`;
    console.log(
      `${rule.toFixed(2).padEnd(29)}${`${sum((f) => f.warmupMs).toFixed(2)} s`.padEnd(16)}${pct(median(ratios)).padEnd(24)}${pct(q(0.75)).padEnd(9)}${pct(q(0.9)).padEnd(9)}${`${ratios.filter((r) => r > 0.1).length}/${ratios.length}`.padEnd(14)}${floor.padEnd(32)}${figs.filter((f) => f.floorMs > f.batchMs).length}/${figs.length}`,
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
