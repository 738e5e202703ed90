import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { readDumpTotal } from "@wirebench/codecs/runtime-bridge";
import type { RuntimeCountRequest, RuntimeSettings } from "@wirebench/contracts";
import type { ChildCommand } from "../child/run-runtime-child.ts";
import { runRuntimeChild } from "../child/run-runtime-child.ts";
import type { Op } from "../run/format-slot.ts";

/** One process's count of one operation: per call, and whether its segments agreed. */
export interface ProcessOpCount {
  perOp: number;
  settled: boolean;
}

export interface ProcessCounts {
  /** id → op → count. */
  perOp: Map<string, Partial<Record<Op, ProcessOpCount>>>;
  failed: Map<string, string>;
  /** The process itself failed (did not start, died, timed out): every format not counted. */
  error?: string;
}

/** Timing settings a count request must carry (the children check them); count mode uses none. */
const unusedTiming: RuntimeSettings = {
  rounds: 1,
  targetSampleMs: 1,
  warmupMinMs: 0,
  warmupMinIterations: 0,
  warmupEnoughMs: 0,
  warmupMaxMs: 1,
  warmupTolerance: 0.1,
};

type Label = { id: string; op: Op; iterations: number } | null;

/**
 * Runs one count-mode child under callgrind (`command` is valgrind with its arguments, then the
 * child) and reads its dumps: dump k holds what the marker's thread ran between marker calls k − 1
 * and k (`<outFile>.<k>-01` with `--separate-threads=yes`).
 */
export async function countProcess(
  command: ChildCommand,
  request: Omit<RuntimeCountRequest, "settings" | "protocol" | "verify">,
  outFile: string,
  opts: {
    timeoutMs: number;
    settleTolerance: number;
    label: string;
    env?: NodeJS.ProcessEnv;
    signal?: AbortSignal | undefined;
  },
): Promise<ProcessCounts> {
  mkdirSync(dirname(outFile), { recursive: true });
  const failed = new Map<string, string>();
  let labels: Label[] | undefined;
  const full: RuntimeCountRequest = { protocol: 1, verify: false, settings: unusedTiming, ...request };
  const exit = await runRuntimeChild(
    command,
    full,
    {
      onMessage: (m) => {
        if (m.type === "failed") failed.set(m.id, m.error);
        else if (m.type === "segments") labels = m.segments;
      },
      plan: () => {
        throw new Error("it answered as a timed child (no count mode: rebuild it with `npm run setup`)");
      },
    },
    // Counting is silent for long stretches under callgrind: the whole process gets the limit.
    {
      stepTimeoutMs: opts.timeoutMs,
      stderrTailBytes: 4000,
      signal: opts.signal,
      label: opts.label,
      env: opts.env,
    },
  );
  if (!exit.completed || !labels) return { perOp: new Map(), failed, error: exit.error ?? "no segments" };
  const perCall = new Map<string, number[]>();
  try {
    labels.forEach((label, i) => {
      if (!label) return;
      const key = `${label.id}\0${label.op}`;
      perCall.set(key, [...(perCall.get(key) ?? []), dumpOfMarkerThread(outFile, i + 1) / label.iterations]);
    });
  } catch (err) {
    return { perOp: new Map(), failed, error: `reading callgrind's dumps: ${(err as Error).message}` };
  }
  const perOp = new Map<string, Partial<Record<Op, ProcessOpCount>>>();
  for (const [key, values] of perCall) {
    const [id, op] = key.split("\0") as [string, Op];
    const sorted = [...values].sort((a, b) => a - b);
    const lo = sorted[0] as number;
    const hi = sorted[sorted.length - 1] as number;
    // The cheapest segment, as Node's: with the collector off Go's heap grows by a 4 MB chunk every
    // 4 MB allocated, and the segment it falls in counts about 60,000 instructions more (the page
    // allocator's find and sysGrow); which segment that is moved between processes, and a median
    // of three carried it (protobuf@go encode 0.13 % apart on a loaded machine). Such costs only add;
    // what varies both ways (randomised map order) still shows as spread between processes.
    perOp.set(id, {
      ...perOp.get(id),
      [op]: { perOp: lo, settled: lo > 0 && (hi - lo) / lo <= opts.settleTolerance },
    });
  }
  return { perOp, failed };
}

/** Dump `part`'s total for the thread that called the marker (thread 1, else the only one dumped). */
function dumpOfMarkerThread(outFile: string, part: number): number {
  const main = `${outFile}.${part}-01`;
  if (existsSync(main)) return readDumpTotal(main);
  const prefix = `${outFile.split("/").pop()}.${part}-`;
  const found = readdirSync(dirname(outFile)).filter((f) => f.startsWith(prefix));
  if (found.length !== 1) throw new Error(`callgrind wrote no single dump ${part} (${found.join(", ")})`);
  return readDumpTotal(join(dirname(outFile), found[0] as string));
}
