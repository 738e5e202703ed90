import type { Dataset } from "@wirebench/schemas";
import type { RunInput, RunOptions } from "./dataset-of.ts";

/** Worker → preparation child: the run's input, and where to write the dataset. */
export interface PrepareRequest {
  input: RunInput;
  options: RunOptions;
  path: string;
}

/** Preparation child → worker: the dataset is written, or the input was refused. */
export type PrepareReply =
  | { type: "done"; schema: Dataset["schema"]; messageCount: number }
  | { type: "error"; message: string };
