import type { CompressorMs, MessageSizes } from "@/lib/format-rows";
import type { ShippedEntry } from "@/lib/shipped-sizes";
import type { RunView as ServerRunView } from "@/server/services/get-run";

/** The run as the page receives it (the server's view without its ETag version). */
export type RunData = Omit<ServerRunView, "version">;
export type FormatEntry = {
  id?: string;
  format: string;
  variant: string;
  library?: string;
  version?: string;
  ok: boolean;
  error?: string | null;
  bytes?: number | null;
  compressed?: { gzip?: number; brotli?: number; zstd?: number } | null;
  encode?: {
    medianNs: number;
    ciLowNs: number;
    ciHighNs: number;
    samples: number;
    opsPerSec: number;
    mbPerSec: number;
  } | null;
  decode?: {
    medianNs: number;
    ciLowNs: number;
    ciHighNs: number;
    samples: number;
    opsPerSec: number;
    mbPerSec: number;
  } | null;
  access?: { medianNs: number; ciLowNs: number; ciHighNs: number } | null;
  fidelity?: {
    exact: boolean;
    issues: { path: string; kind: string; severity?: "lossy" | "cosmetic"; detail: string }[];
    issueCount?: number;
    lossyCount?: number;
  } | null;
  /** On a library default that pads (msgpackr, cbor-x), the id of its minimal variant. */
  minimalVariant?: string;
  artifacts?: { name: string; kind: "schema" | "generated"; text: string }[] | null;
  sizes?: {
    dataset: MessageSizes;
    perMessage: MessageSizes;
    perMessageCompressMs?: CompressorMs;
    perMessageDecompressMs?: CompressorMs;
  } | null;
  /** What of the user's schema this format cannot carry as written (Result JSON `limitations`). */
  limitations?: { code: string; path: string; detail: string }[] | null;
  /** Identifiers its emitted schema changed beyond the IDL's naming style. */
  renames?: { kind: string; path: string; from: string; to: string }[] | null;
  /** The first encoded message, capped in size; absent in results recorded before it existed. */
  firstMessage?: { base64: string; bytes: number; truncated: boolean } | null;
} & Pick<ShippedEntry, "framed" | "batched" | "dictionary">;
export const entriesOf = (run: RunData) => run.formats as unknown as FormatEntry[];
export const terminalStatuses = new Set(["completed", "failed", "canceled"]);
