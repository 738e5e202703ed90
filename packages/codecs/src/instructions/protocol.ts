import type { Op } from "../harness/protocol.ts";
import type { RegistryEntry } from "../registry/registry.ts";
import type { InstructionSettings } from "./settings.ts";

/** Parent → counting child: the formats to count; the dataset is read from `datasetPath`. */
export interface CountJob {
  entries: RegistryEntry[];
  datasetPath: string;
  workDir: string;
  /** Callgrind's `--callgrind-out-file`: dump k is `${dumpFile}.${k}`, which the child reads while warming up. */
  dumpFile: string;
  /**
   * Where each format's generated code lives (`<codeDir>/<format>`), shared by a format's counting
   * processes: generate-code.ts fills it before they start, so they only import it.
   */
  codeDir: string;
  /** Only run each format's code generation into `codeDir`, then exit (generate-code.ts). */
  generateOnly?: boolean;
  settings: Pick<
    InstructionSettings,
    | "segmentBytes"
    | "minIterations"
    | "maxIterations"
    | "warmupIterations"
    | "segments"
    | "settleTolerance"
    | "minWarmupSegments"
    | "maxWarmupSegments"
  >;
}

/**
 * What one callgrind dump holds: the instructions between two markers. `null` labels a gap
 * (preparation, warm-up, messages to the parent) that nobody reads.
 */
export type SegmentLabel = { id: string; op: Op; iterations: number; settled: boolean } | null;

/** Counting child → parent. `step` says whom to blame if the child dies. */
export type CountMessage =
  /** Loaded and listening: only now does the parent send the job (see runCountChild). */
  | { type: "ready" }
  | { type: "step"; id: string; step: "prepare" | "count" }
  | { type: "failed"; id: string; error: string }
  /** Segment i (0-based) is callgrind's dump part i + 1, written when marker i + 1 was reached. */
  | { type: "segments"; segments: SegmentLabel[] };
