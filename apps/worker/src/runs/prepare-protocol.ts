import type { Dataset } from "@wirebench/schemas";
import type { RunInput, RunOptions } from "./dataset-of.ts";

/** Worker → preparation child: the run's input, and where to write the dataset. */
export interface PrepareRequest {
  input: RunInput;
  options: RunOptions;
  path: string;
}

/**
 * A size sweep's grown datasets, one file per size (or why the sweep cannot run: the run itself
 * still measures the sample).
 */
export type PreparedSweep =
  | { path: string; sampleLength: number; points: { size: number; path: string }[] }
  | { error: string };

/** Preparation child → worker: the dataset is written, or the input was refused. */
export type PrepareReply =
  | { type: "done"; schema: Dataset["schema"]; messageCount: number; sweep?: PreparedSweep }
  | { type: "error"; message: string };
