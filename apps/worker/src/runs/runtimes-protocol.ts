import type { ProgressEvent } from "@wirebench/codecs";
import type { FormatResult, Result, RuntimeId, RuntimeStatus } from "@wirebench/contracts";
import type { ByteReference } from "@wirebench/runtimes";

/** Worker → runtimes child (measure-runtimes.ts): Node's result and what to measure it against. */
export interface RuntimesRequest {
  /** Node's comparison, which the other runtimes extend (its entries are the byte references). */
  node: Result;
  /** The dataset file the preparation child wrote. */
  datasetPath: string;
  /** Node included: its entries come back stamped `runtime: "node"`. */
  runtimes: RuntimeId[];
  formats?: string[];
  quick: boolean;
  /** `metric: "instructions"`: count each runtime's formats under callgrind too. */
  instructions: boolean;
  /** A scratch folder of the child's own; removed by it. */
  workDir: string;
}

/**
 * Runtimes child → worker, in order: the byte references computed from the data model (so the
 * worker can compare runtimes without the dataset should the child stop early), every entry's stage
 * and every entry as it is known (sizes first, then the final one,
 * then once more counted), each runtime's status when it is done, and last the whole result or why
 * it could not be made.
 */
export type RuntimesMessage =
  | { type: "references"; references: ByteReference[] }
  | { type: "entry"; entry: FormatResult; final: boolean; counted?: boolean }
  | { type: "progress"; event: ProgressEvent }
  | { type: "runtime"; status: RuntimeStatus }
  | { type: "done"; result: Result }
  | { type: "error"; message: string };
