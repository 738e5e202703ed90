/**
 * How far a default full run's medians sit from runs that warm up far longer: `wirebench compare` (the
 * real CLI, a fresh process) on the issue-18 Video sample (~10 KB, every format), twice with
 * `--budget 120` (the warm-up cap follows the budget: about 0.5 s an operation, where V8 has done
 * optimising nearly everything) as the reference, then `--runs` times with the default budget for
 * each checkout in `--bins`, interleaved. Per run it prints the wall time, the quantiles of
 * |median / reference − 1| over every operation (the reference: the geometric mean of its two runs),
 * how many operations are off by more than 15 %, how many did not settle in warm-up (`~`), and the
 * worst, then the same with the run's common factor taken out (see report): on a shared host whose
 * speed drifts, that second line is the one to compare. The two reference runs are also compared with
 * each other: the noise floor.
 *
 * bench:accuracy checks a few libraries against an independent harness (tinybench); this one checks
 * every format of a run against Wirebench's own slow mode, which is where a warm-up cap cut short
 * (Ion, YAML, XML, Cap'n Proto: V8 optimises them for 150–500 ms) shows. A benchmark, not a test.
 *   npm run bench:against-long-warmup -w @wirebench/codecs -- [--runs 3] [--bins /old/…/wirebench.mjs,/new/…]
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "simple-statistics";
import { videoSample } from "./bench-helpers.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]?.split(",") : undefined;
};
const here = fileURLToPath(new URL("../../cli/bin/wirebench.mjs", import.meta.url));
const bins = arg("--bins") ?? [here];
const runs = Number(arg("--runs")?.[0] ?? 3);
const OPS = ["encode", "decode", "access"] as const;

const dir = mkdtempSync(join(tmpdir(), "wirebench-long-warmup-"));
const sample = join(dir, "video-ten-kb.json");
writeFileSync(sample, videoSample(10_000));

interface Op {
  medianNs: number;
  warmupStable?: boolean;
}
type Medians = Map<string, Op>;

/** One `compare` run: its wall seconds and every operation's median and settling. */
function compare(bin: string, budget: string[], tag: string): { seconds: number; ops: Medians } {
  const out = join(dir, `${tag}.json`);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [bin, "compare", sample, "--json", out, ...budget], {
    stdio: "ignore",
  });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${bin} ${budget.join(" ")}: exit ${r.status}`);
  const result = JSON.parse(readFileSync(out, "utf8")) as {
    formats: (Record<string, unknown> & { id: string })[];
  };
  const ops: Medians = new Map();
  for (const f of result.formats)
    for (const op of OPS) {
      const t = f[op] as Op | undefined;
      if (t?.medianNs) ops.set(`${f.id} ${op}`, t);
    }
  return { seconds, ops };
}

/** Each operation of the run that the reference has: its median over the reference's. */
interface Ratio {
  key: string;
  ratio: number;
}

/** |dev| quantiles, how many are off by more than 15 %, and the three worst, with `common` taken out. */
function deviations(ratios: Ratio[], common: number) {
  const devs = ratios.map(({ key, ratio }) => ({ key, dev: ratio / common - 1 }));
  devs.sort((a, b) => Math.abs(a.dev) - Math.abs(b.dev));
  const q = (p: number) =>
    `${(Math.abs(devs[Math.floor(p * (devs.length - 1))]?.dev ?? 0) * 100).toFixed(1)} %`;
  const worst = devs
    .slice(-3)
    .map((d) => `${d.key} ${d.dev > 0 ? "+" : ""}${(d.dev * 100).toFixed(0)} %`)
    .join(", ");
  return `p50 ${q(0.5)}, p90 ${q(0.9)}, max ${q(1)}; >15 %: ${devs.filter((d) => Math.abs(d.dev) > 0.15).length}/${devs.length}; worst ${worst}`;
}

/**
 * One run against the reference, twice: as measured, and with the run's common factor (the median
 * of its operations' ratios to the reference) taken out. A machine whose speed drifts (on a shared
 * host the same loop ran 141 to 204 ms within a minute, 28 Nov) moves every operation of a run
 * alike; a warm-up that ends too soon moves some operations, which the second line keeps.
 */
function report(label: string, seconds: number, run: Medians, reference: Map<string, number>): void {
  const ratios: Ratio[] = [...reference].flatMap(([key, ref]) => {
    const m = run.get(key);
    return m ? [{ key, ratio: m.medianNs / ref }] : [];
  });
  const common = ratios.length > 0 ? median(ratios.map((r) => r.ratio)) : 1;
  const unsettled = [...run.values()].filter((t) => t.warmupStable === false).length;
  console.log(
    `${label.padEnd(22)} ${seconds.toFixed(1).padStart(5)} s  unsettled ${unsettled}; |dev| ${deviations(ratios, 1)}`,
  );
  console.log(`${"".padEnd(30)} common ×${common.toFixed(2)} out: |dev| ${deviations(ratios, common)}`);
}

console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
for (const [i, b] of bins.entries()) console.log(`bin ${i}: ${b}`);
const referenceBin = bins[bins.length - 1] as string;
const refs = [0, 1].map((k) => compare(referenceBin, ["--budget", "120"], `reference-${k}`));
const [a, b] = refs as [(typeof refs)[0], (typeof refs)[0]];
const reference = new Map<string, number>();
for (const [key, t] of a.ops) {
  const other = b.ops.get(key);
  if (other) reference.set(key, Math.sqrt(t.medianNs * other.medianNs));
}
for (const [k, r] of refs.entries()) report(`reference ${k} (--budget 120)`, r.seconds, r.ops, reference);
const seconds: number[][] = bins.map(() => []);
for (let run = 0; run < runs; run++)
  for (const [i, bin] of bins.entries()) {
    const r = compare(bin, [], `bin${i}-run${run}`);
    seconds[i]?.push(r.seconds);
    report(`bin ${i} run ${run + 1}`, r.seconds, r.ops, reference);
  }
for (const [i, s] of seconds.entries())
  console.log(`bin ${i}: median ${median(s).toFixed(1)} s over ${s.length} runs`);
console.log(
  `load average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
