import type { Artifact, Limitation, Rename } from "@wirebench/contracts";
import type { Dataset, DataValue } from "@wirebench/schemas";

/**
 * What preparation hands to the verifier and the timed loops. Nothing here compiles or converts.
 * The timed loops call `encode`, `decode` and `access` unbound (no wrapper in the timing), so they
 * must not use `this`.
 */
export interface PreparedCodec {
  /** The dataset's messages converted once to this codec's input (outside timing). */
  inputs: unknown[];
  encode(input: unknown): Uint8Array;
  decode(bytes: Uint8Array): unknown;
  /** Turns a decoded value back into the lossless data model for fidelity checks; identity when absent. */
  toPlain?(decoded: unknown): DataValue;
  /**
   * The messages' bytes when the format carries the user's own text rather than what `encode`
   * writes (JSON: the sample minified, every number and escape spelled as written). Sizes, the
   * first message, the round trip and the decode timing use them; `encode` still runs, and is
   * timed, on `inputs`. Default: `inputs.map(encode)`.
   */
  wire?: Uint8Array[];
  /**
   * What decode + toPlain must give back, when that is not `dataset.messages` (JSON: the sample as
   * written, before it was read against a schema, so enum numbers and JSON names stay as given).
   */
  expected?: DataValue[];
  /** Reads a few fields without building the whole object (FlatBuffers, Cap'n Proto). */
  access?(bytes: Uint8Array): unknown;
  artifacts?: Artifact[];
  notes?: string[];
  /** Constructs of the user's schema this format cannot carry as written (from the emitter). */
  limitations?: Limitation[];
  /** Identifiers the emitted schema had to change (reserved word, collision). */
  renames?: Rename[];
}

export interface Unsupported {
  unsupported: string;
}

export interface PrepareContext {
  /** Folder owned by this adapter for this run (schemas, generated code); created before prepare. */
  workDir: string;
}

export interface Adapter {
  /**
   * Runs the format's schema compiler into `ctx.workDir`, for formats that generate code. The child
   * starts every format's generation at once before preparing formats one by one, so the compilers
   * (processes of their own) run on another core while earlier formats are prepared and verified.
   * `prepare` must await the same generation (see generateOnce), which reports its errors.
   */
  generate?(dataset: Dataset, ctx: PrepareContext): Promise<void>;
  prepare(
    dataset: Dataset,
    ctx: PrepareContext,
  ): Promise<PreparedCodec | Unsupported> | PreparedCodec | Unsupported;
}

export function isUnsupported(p: PreparedCodec | Unsupported): p is Unsupported {
  return typeof (p as Unsupported).unsupported === "string";
}
