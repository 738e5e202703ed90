/**
 * Named settings of the instruction-count metric (docs/instructions.md). Iteration counts are fixed
 * functions of the data, never of time, so two runs of the same sample execute the same code.
 */
export interface InstructionSettings {
  /** The valgrind binary. A path that does not run makes the metric unavailable, not an error. Default `valgrind` (env `WIREBENCH_VALGRIND`). */
  valgrindPath: string;
  /** Fresh valgrind processes whose counts are compared for spread; at least 2. Default 2 (env `WIREBENCH_INSTRUCTION_PROCESSES`). */
  processes: number;
  /**
   * A format with an operation whose cheapest count no other process confirmed (within
   * `noisySpread`) is counted in one more process, up to this many in all: where V8 happened to put
   * hidden classes moves some libraries' counts between processes (docs/instructions.md), and the
   * cheapest mode is the count. Default 4 (env `WIREBENCH_INSTRUCTION_MAX_PROCESSES`); at or below
   * `processes`, never.
   */
  maxProcesses: number;
  /** Calls per measured segment: about this many bytes of encoded messages go through it. Default 256 000. */
  segmentBytes: number;
  /** Fewest calls in a segment. Default 20. */
  minIterations: number;
  /** Most calls in a segment (a tiny message would otherwise ask for millions). Default 4000. */
  maxIterations: number;
  /** Calls before the first segment, so V8 has tiered the code up. Default 20. */
  warmupIterations: number;
  /**
   * Segments of N calls per operation after warm-up. The cheapest one is the count: under
   * `--predictable` V8 compiles, deoptimises and sweeps on the main thread, and such work only ever
   * adds to a segment (one in which TurboFan compiled protobufjs's encoder counted 13× a steady one). Default 4.
   */
  segments: number;
  /** Warm-up ends when three consecutive segments count within this fraction of each other. Default 0.01. */
  settleTolerance: number;
  /** Fewest warm-up segments: V8 tiers some operations up for a thousand calls and more. Default 6. */
  minWarmupSegments: number;
  /** Most warm-up segments; past them the counts are reported with `settled: false`. Default 20. */
  maxWarmupSegments: number;
  /** Spread (max − min) / min between processes above which a count is flagged noisy. Default 0.001 (0.1 %). */
  noisySpread: number;
  /**
   * Longest one counting process may take, ms. Each format is counted in processes of its own, so a
   * slow format runs out of its own time and the others still count. Default 600 000 (env
   * `WIREBENCH_INSTRUCTION_FORMAT_TIMEOUT_MS`).
   */
  formatTimeoutMs: number;
}

/** A whole number from 2 to 20, or `fallback`; anything else stops with the variable named. */
export function processesFromEnv(
  value: string | undefined,
  name = "WIREBENCH_INSTRUCTION_PROCESSES",
  fallback = 2,
): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 2 || n > 20)
    throw new Error(`${name} must be a whole number from 2 to 20 (got "${value}")`);
  return n;
}

/** Milliseconds from 1 s to 24 h, or the default; anything else stops with the variable named. */
export function formatTimeoutFromEnv(value: string | undefined): number {
  if (value === undefined || value === "") return 600_000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1000 || n > 86_400_000)
    throw new Error(
      `WIREBENCH_INSTRUCTION_FORMAT_TIMEOUT_MS must be a whole number of ms from 1000 to 86400000 (got "${value}")`,
    );
  return n;
}

export const defaultInstructionSettings: InstructionSettings = {
  valgrindPath: process.env.WIREBENCH_VALGRIND || "valgrind",
  processes: processesFromEnv(process.env.WIREBENCH_INSTRUCTION_PROCESSES),
  maxProcesses: processesFromEnv(
    process.env.WIREBENCH_INSTRUCTION_MAX_PROCESSES,
    "WIREBENCH_INSTRUCTION_MAX_PROCESSES",
    4,
  ),
  segmentBytes: 256_000,
  minIterations: 20,
  maxIterations: 4000,
  warmupIterations: 20,
  segments: 4,
  settleTolerance: 0.01,
  minWarmupSegments: 6,
  maxWarmupSegments: 20,
  noisySpread: 0.001,
  formatTimeoutMs: formatTimeoutFromEnv(process.env.WIREBENCH_INSTRUCTION_FORMAT_TIMEOUT_MS),
};

/** Calls per segment for messages of `meanBytes` (see segmentBytes). */
export function segmentIterations(
  meanBytes: number,
  s: Pick<InstructionSettings, "segmentBytes" | "minIterations" | "maxIterations">,
): number {
  const n = Math.ceil(s.segmentBytes / Math.max(1, meanBytes));
  return Math.min(s.maxIterations, Math.max(s.minIterations, n));
}
