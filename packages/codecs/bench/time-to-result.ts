/**
 * Time to result: `wirebench compare` (the real CLI, a fresh process) on single documents of about
 * 10 KB (twitter statuses; `video10kB`: the issue's Video sample, records of the C# study's model),
 * 200 KB and 2 MB and on a 20 MB NDJSON dataset, every format, --quick and full. For each:
 * seconds from the start of the command to the first format's size row, to the last size row (every
 * verified format's sizes known), and to the end (every timing); and the peak resident memory
 * of the command with all its children, and the CPU seconds they used (on a shared machine, wall
 * time is at least CPU / cores, whatever the load). Targets (issue 18, 2-core machine): 2 MB document first size
 * ≤ 5 s, all sizes ≤ 10 s, quick ≤ 15 s, full ≤ 60 s; 10 KB full ≤ 5 s, quick ≤ 1.5 s.
 * A benchmark, not a test: run it on a quiet machine (it prints the load average it saw). On a busy
 * one, compare two checkouts interleaved (`--bins`, each a `packages/cli/bin/wirebench.mjs`; `--repeat`
 * pairs), so both see the same load, and read the CPU column, which load moves less.
 *   npm run bench:time-to-result -w @wirebench/codecs -- [--only 10kB,video10kB,2MB] [--modes quick,full]
 *     [--bins /old/packages/cli/bin/wirebench.mjs,/new/…] [--repeat 3]
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readCorpus } from "@wirebench/corpus";
import { tenKbTwitterSample, videoSample } from "./bench-helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "wirebench-ttr-"));
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]?.split(",") : undefined;
};
const bins = arg("--bins") ?? [fileURLToPath(new URL("../../cli/bin/wirebench.mjs", import.meta.url))];
const repeat = Number(arg("--repeat")?.[0] ?? 1);

/** The first twitter statuses whose document stays under `bytes`. */
function twitterDocument(bytes: number): string {
  const twitter = JSON.parse(readCorpus("twitter.json")) as { statuses: unknown[] };
  let n = twitter.statuses.length;
  const of = (k: number) => JSON.stringify({ ...twitter, statuses: twitter.statuses.slice(0, k) });
  while (n > 1 && of(n).length > bytes) n--;
  return of(n);
}

/** twitter statuses, one per line, cycled until the file reaches `bytes`. */
function twitterNdjson(bytes: number): string {
  const { statuses } = JSON.parse(readCorpus("twitter.json")) as { statuses: unknown[] };
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = JSON.stringify(statuses[i % statuses.length]);
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join("\n")}\n`;
}

const cases = [
  { label: "10kB", file: "ten-kb.json", text: () => tenKbTwitterSample().text },
  { label: "video10kB", file: "video-ten-kb.json", text: () => videoSample(10_000) },
  { label: "200kB", file: "two-hundred-kb.json", text: () => twitterDocument(200_000) },
  { label: "2MB", file: "canada.json", text: () => readCorpus("canada.json") },
  { label: "20MB", file: "twenty-mb.ndjson", text: () => twitterNdjson(20_000_000) },
].filter((c) => !arg("--only") || arg("--only")?.includes(c.label));
const modes = arg("--modes") ?? ["quick", "full"];

/** Resident kB of a process and all its descendants, from one `ps` snapshot. */
function treeRssKb(root: number): number {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,rss="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number, number]);
  const kids = new Map<number, number[]>();
  for (const [pid, ppid] of rows) kids.set(ppid, [...(kids.get(ppid) ?? []), pid]);
  const rss = new Map(rows.map(([pid, , kb]) => [pid, kb]));
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    total += rss.get(pid) ?? 0;
    stack.push(...(kids.get(pid) ?? []));
  }
  return total;
}

/** CPU seconds of this process's waited-for descendants (the command and everything it started). */
function childrenCpuS(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the command name: state is field 3; cutime and cstime are fields 16 and 17, in clock ticks.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

interface Figures {
  firstSize?: number;
  allSizes?: number;
  end: number;
  peakMb: number;
  cpuS: number;
  formats: number;
  failed: string[];
  status: number | null;
}

function run(bin: string, file: string, mode: string): Promise<Figures> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const cpu0 = childrenCpuS();
    const s = () => (performance.now() - t0) / 1000;
    const out = join(dir, `${mode}.json`);
    const args = [bin, "compare", file, "--json", out, ...(mode === "quick" ? ["--quick"] : [])];
    const child = spawn(process.execPath, args, { env: { ...process.env, NO_COLOR: "1" } });
    const f: Figures = { end: 0, peakMb: 0, cpuS: 0, formats: 0, failed: [], status: null };
    let buffer = "";
    child.stderr.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        // Failures are not sizes: a format failing while timed (late) must not move "all sizes".
        if (/^\s*[\d.]+s sizes\s/.test(line)) {
          f.firstSize ??= s();
          f.allSizes = s();
        }
      }
    });
    child.stdout.resume();
    const poll = setInterval(() => {
      try {
        f.peakMb = Math.max(f.peakMb, treeRssKb(child.pid as number) / 1024);
      } catch {}
    }, 250);
    child.on("exit", (code) => {
      clearInterval(poll);
      f.end = s();
      f.cpuS = childrenCpuS() - cpu0;
      f.status = code;
      try {
        const result = JSON.parse(readFileSync(out, "utf8")) as { formats: { id: string; ok: boolean }[] };
        f.formats = result.formats.length;
        f.failed = result.formats.filter((x) => !x.ok).map((x) => x.id);
      } catch {}
      resolve(f);
    });
  });
}

const sec = (x: number | undefined) => (x === undefined ? "–" : `${x.toFixed(1)} s`);
console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} (${process.env.HOSTNAME ?? ""})`,
);
for (const [i, b] of bins.entries()) console.log(`bin ${i}: ${b}`);
console.log("case   mode   bin bytes       first size  all sizes  all timings  CPU       peak RSS   formats");
for (const c of cases) {
  const file = join(dir, c.file);
  const text = c.text();
  writeFileSync(file, text);
  for (const mode of modes)
    for (let r = 0; r < repeat; r++)
      for (const [i, bin] of bins.entries()) {
        const f = await run(bin, file, mode);
        const failed = f.failed.length ? ` (failed: ${f.failed.join(", ")})` : "";
        console.log(
          `${c.label.padEnd(6)} ${mode.padEnd(6)} ${String(i).padEnd(3)} ${String(text.length).padEnd(11)} ${sec(f.firstSize).padEnd(11)} ${sec(f.allSizes).padEnd(10)} ${sec(f.end).padEnd(12)} ${sec(f.cpuS).padEnd(9)} ${`${f.peakMb.toFixed(0)} MB`.padEnd(10)} ${f.formats}${failed}${f.status === 0 ? "" : ` exit ${f.status}`}`,
        );
      }
}
console.log(
  `load average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
