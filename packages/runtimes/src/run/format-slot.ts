import {
  compareDatasets,
  compressedSizes,
  digestOf,
  type OpPlan,
  type SampleSet,
  summarize,
} from "@wirebench/codecs/runtime-bridge";
import type { FormatResult, RuntimeFormat } from "@wirebench/contracts";
import type { Dataset, DataValue } from "@wirebench/schemas";
import type { ShapedInput } from "../inputs/shaped-input.ts";
import type { RuntimeFormatDefinition } from "../runtime-definition.ts";
import { firstMessageOf } from "./first-message.ts";

export type Op = "encode" | "decode" | "access";
export const OPS: Op[] = ["encode", "decode", "access"];

/** What the parent learns about one format of one runtime, over its child processes. */
export interface FormatSlot {
  def: RuntimeFormatDefinition;
  id: string;
  input?: ShapedInput;
  generatedDir?: string;
  error?: string;
  verified?: { encoded: Uint8Array[]; decoded: DataValue[]; notes: string[] };
  samples: Record<Op, SampleSet[]>;
  plans: Record<Op, OpPlan[]>;
}

export function newSlot(def: RuntimeFormatDefinition, runtime: string): FormatSlot {
  return {
    def,
    id: `${def.impl}@${runtime}`,
    samples: { encode: [], decode: [], access: [] },
    plans: { encode: [], decode: [], access: [] },
  };
}

/** The request's view of a slot (docs/polyglot.md, step 1). */
export function requestFormat(s: FormatSlot): RuntimeFormat {
  const input = s.input as ShapedInput;
  return {
    id: s.id,
    format: s.def.format,
    impl: s.def.impl,
    inputFile: input.file,
    ...(input.schema ? { schema: { file: input.schema.file, rootType: input.schema.rootType } } : {}),
    ...(s.generatedDir ? { generatedDir: s.generatedDir } : {}),
  };
}

export interface Stamp {
  runtime: FormatResult["runtime"];
  runtimeVersion?: string;
  libraries: Record<string, string>;
}

/**
 * The public entry of a runtime's format, computed by the same code as Node's: compressed sizes,
 * the fidelity check against the dataset, the digest, `summarize` for every timing.
 * `final: false` gives sizes and fidelity only (timings pending).
 */
export async function slotResult(
  s: FormatSlot,
  dataset: Dataset,
  stamp: Stamp,
  final: boolean,
): Promise<FormatResult> {
  const libs = stamp.libraries;
  const version = libs[s.def.package ?? ""] ?? libs[s.def.library] ?? libs[s.def.impl] ?? "";
  const entry: FormatResult = {
    id: s.id,
    format: s.def.format,
    variant: s.def.impl,
    library: s.def.library,
    version,
    ok: !s.error,
    bytes: 0,
    compressed: { gzip: 0, brotli: 0, zstd: 0 },
    encode: null,
    decode: null,
    fidelity: { exact: false, issues: [], issueCount: 0, lossyCount: 0 },
    ...(stamp.runtime ? { runtime: stamp.runtime } : {}),
    ...(stamp.runtimeVersion ? { runtimeVersion: stamp.runtimeVersion } : {}),
  };
  if (s.error) entry.error = s.error;
  const v = s.verified;
  if (!v) return entry;
  const sizes = await compressedSizes(v.encoded);
  entry.bytes = sizes.dataset.raw;
  entry.compressed = { gzip: sizes.dataset.gzip, brotli: sizes.dataset.brotli, zstd: sizes.dataset.zstd };
  entry.sizes = sizes;
  entry.digest = digestOf(v.encoded);
  const first = firstMessageOf(v.encoded);
  if (first) entry.firstMessage = first;
  const input = s.input as ShapedInput;
  const notes = [...(input.notes ?? []), ...v.notes];
  if (notes.length) entry.notes = notes;
  if (input.limitations?.length) entry.limitations = input.limitations;
  try {
    entry.fidelity = compareDatasets(dataset.messages, input.toPlain(v.decoded), dataset.schema.root);
  } catch (err) {
    entry.ok = false;
    entry.error = `the round trip does not read back: ${(err as Error).message}`;
    return entry;
  }
  if (!final || s.error) return entry;
  const timing = (op: Op) => {
    const t = summarize(s.samples[op], sizes.perMessage.raw, undefined);
    if (t && s.plans[op].some((p) => p.bound)) t.budgetBound = true;
    if (t && s.plans[op].some((p) => p.overBudget)) t.overBudget = true;
    return t;
  };
  entry.encode = timing("encode");
  entry.decode = timing("decode");
  if (s.samples.access.length > 0) entry.access = timing("access");
  return entry;
}
