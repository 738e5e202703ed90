/**
 * Counting child, run under callgrind: prepares each format, warms each operation up with a fixed
 * number of calls, then runs segments of N calls, each between markers. A marker is `os.getPriority()`,
 * whose libuv function callgrind is told to dump before (`--dump-before=uv_os_getpriority`): JS
 * functions are JIT code callgrind cannot name, but a native function reached from JS can split the
 * count exactly where the loop starts and ends. Nothing here reads a clock to choose a count.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";
import { join } from "node:path";
import { deserialize } from "node:v8";
import type { Dataset } from "@wirebench/schemas";
import type { Adapter } from "../adapters/types.ts";
import { isUnsupported } from "../adapters/types.ts";
import { endWithParent } from "../harness/end-with-parent.ts";
import type { Op } from "../harness/protocol.ts";
import { checksum, compileTimedLoop } from "../harness/timed-batch.ts";
import type { CountJob, CountMessage, SegmentLabel } from "./protocol.ts";
import { readDumpTotal } from "./read-dumps.ts";
import { segmentIterations } from "./settings.ts";

function send(msg: CountMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send || !process.connected) return reject(new Error("the parent process is gone"));
    process.send(msg, undefined, {}, (err) => (err ? reject(err) : resolve()));
  });
}

const segments: SegmentLabel[] = [];
/** Ends the current callgrind segment (see the file comment) and labels it. */
function mark(label: SegmentLabel): void {
  getPriority();
  segments.push(label);
}

const gc = (globalThis as { gc?: (o?: { type: "minor" | "major" }) => void }).gc;

/**
 * Starts a segment with an empty young generation. Scavenges are few and large at the 64 MB
 * nursery the child runs with, so whether one fell into a segment decided its count: with tiny
 * messages, JSON.parse segments of the same 100 calls counted 1.0 M and 2.3 M instructions. A
 * segment's garbage fits the nursery (segmentBytes is far below it), so after this no segment
 * scavenges, and a count is the operation's own work; collecting that garbage is left out (docs).
 */
function startSegment(): void {
  gc?.({ type: "minor" });
  mark(null);
}

/**
 * Runs unread segments, at least `minWarmupSegments`, until three in a row count within
 * `settleTolerance` of each other (at most `maxWarmupSegments`): V8 keeps tiering an operation up for hundreds of calls (JSON encode of 2 kB
 * records fell from 27.7 M to 21.0 M instructions per 100 calls over 600 calls). The child reads
 * its own dumps to know; callgrind wrote each before its marker ran.
 */
function warmUp(segment: () => void, job: CountJob): boolean {
  const counts: number[] = [];
  const alike = (a: number, b: number) => Math.abs(a - b) <= job.settings.settleTolerance * Math.min(a, b);
  for (let k = 0; k < job.settings.maxWarmupSegments; k++) {
    startSegment();
    segment();
    mark(null);
    counts.push(readDumpTotal(`${job.dumpFile}.${segments.length}`));
    const [a, b, c] = counts.slice(-3);
    if (
      k + 1 >= job.settings.minWarmupSegments &&
      c !== undefined &&
      alike(a as number, b as number) &&
      alike(b as number, c)
    )
      return true;
  }
  return false;
}

async function run(job: CountJob, adapters: Record<string, Adapter | undefined>): Promise<void> {
  const dataset = deserialize(readFileSync(job.datasetPath)) as Dataset;
  for (const entry of job.entries) {
    try {
      await send({ type: "step", id: entry.id, step: "prepare" });
      const ctx = { workDir: join(job.codeDir, entry.format) };
      mkdirSync(ctx.workDir, { recursive: true });
      const adapter = adapters[entry.id];
      if (!adapter) throw new Error(`${entry.module} has no export ${entry.exportName}`);
      // Under callgrind the code is already there (generate-code.ts): a compiler's output arriving
      // in chunks would make start-up differ between processes, and with it their counts.
      await adapter.generate?.(dataset, ctx);
      if (job.generateOnly) continue;
      const codec = await adapter.prepare(dataset, ctx);
      if (isUnsupported(codec)) throw new Error(`unsupported: ${codec.unsupported}`);
      const encoded = codec.wire ?? codec.inputs.map((m) => codec.encode(m));
      const meanBytes = encoded.reduce((a, b) => a + b.byteLength, 0) / Math.max(1, encoded.length);
      const n = segmentIterations(meanBytes, job.settings);
      const ops: [Op, (arg: unknown) => unknown, unknown[]][] = [
        ["encode", codec.encode, codec.inputs],
        ["decode", codec.decode as (arg: unknown) => unknown, encoded],
      ];
      if (codec.access) ops.push(["access", codec.access as (arg: unknown) => unknown, encoded]);
      await send({ type: "step", id: entry.id, step: "count" });
      for (const [op, fn, args] of ops) {
        // The same loop as the wall-clock timing, one per operation so its call site stays monomorphic.
        const loop = compileTimedLoop();
        loop(fn, args, job.settings.warmupIterations);
        // A full collection now, so none falls due during the segments; the first segments after
        // it absorb its lazy sweeping, and the parent keeps the cheapest segment (read-dumps.ts).
        gc?.({ type: "major" });
        const settled = warmUp(() => loop(fn, args, n), job);
        for (let k = 0; k < job.settings.segments; k++) {
          startSegment();
          loop(fn, args, n);
          mark({ id: entry.id, op, iterations: n, settled });
        }
      }
    } catch (err) {
      await send({
        type: "failed",
        id: entry.id,
        error: ((err as Error)?.message ?? String(err)).split("\n")[0] ?? "",
      });
    }
  }
}

/** Starts the child; the bundle's entry (bundle-child.ts) hands it the adapters it imported. */
export function runCountChild(adapters: Record<string, Adapter | undefined>): void {
  // No watcher thread: callgrind would count its wake-ups (twice a second of wall time) into
  // whichever segment was running, and the counts of two processes differed by up to 5.7 %.
  // A child stuck in a loop is ended by the parent's formatTimeoutMs instead.
  endWithParent({ watcherThread: false });
  process.once("message", (job: CountJob) => {
    run(job, adapters)
      .then(() => send({ type: "segments", segments }))
      .then(() => process.exit(checksum() === -1 ? 1 : 0))
      .catch((err) => {
        process.stderr.write(`${(err as Error)?.stack ?? err}\n`);
        process.exit(1);
      });
  });
  // The job is asked for once everything is loaded. Sent at once, it was read and parsed whenever
  // the loader next polled for I/O, which depends on when the parent got to send it: its objects
  // then sat between different modules' hidden classes from one process to the next.
  void send({ type: "ready" }).catch(() => process.exit(1));
}
