import { digestOf } from "@wirebench/codecs/runtime-bridge";
import type { Dataset } from "@wirebench/schemas";
import type { ByteReference } from "./cross-runtime-bytes.ts";
import { stringifyLossless } from "./inputs/lossless-json.ts";
import { firstMessageOf } from "./run/first-message.ts";

/** The id the JSON row's reference carries when it is this one rather than Node's `json` entry. */
export const dataModelJsonId = "JSON.stringify(data model)";

/**
 * The fair JSON reference across runtimes: every runtime's JSON entry writes the data model (the
 * dataset's messages: the schema's field names, enum names, int64 exact, bytes as base64), while
 * Node's `json` entry writes the user's sample text as written (its own key spellings, enum
 * numbers), which no other runtime is given. This is JSON.stringify of the data model per message,
 * with int64 beyond 2^53 as its exact digits (as the other runtimes write it).
 */
export function dataModelJson(dataset: Dataset): ByteReference {
  const encoded = dataset.messages.map((m) => Buffer.from(stringifyLossless(m, { bytes: "base64" }), "utf8"));
  const firstMessage = firstMessageOf(encoded);
  return {
    id: dataModelJsonId,
    format: "json",
    bytes: encoded.reduce((n, b) => n + b.byteLength, 0),
    digest: digestOf(encoded),
    ...(firstMessage ? { firstMessage } : {}),
  };
}

/**
 * Every reference crossRuntimeBytes computes rather than takes from Node's entries (today JSON's).
 * Data with no JSON spelling (NaN, Infinity) has none: no runtime's JSON entry gets that data either
 * (their input is written the same way), so the row keeps Node's entry.
 */
export function computedReferences(dataset: Dataset): ByteReference[] {
  try {
    return [dataModelJson(dataset)];
  } catch {
    return [];
  }
}
