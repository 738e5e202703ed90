import type { Limitation } from "@wirebench/contracts";
import type { Dataset } from "@wirebench/schemas";
import type { PreparedCodec } from "../adapters/types.ts";
import type { RegistryEntry } from "../registry/registry.ts";
import { type AttributionEntry, Tally } from "./tally.ts";
import { walkerFor } from "./walkers.ts";

/** Field paths kept per format before the rest are summed into `(other paths)`. */
export const defaultMaxAttributionPaths = 500;

export interface Attribution {
  entries: AttributionEntry[];
  /** The tally behind the entries: bytes per path split by part (tests compare it field by field). */
  tally: Tally;
  /** Set when the bytes could not be walked: why, as a limitation of the format. */
  limitation?: Limitation;
}

/**
 * Where each byte of a format's messages goes: every message is walked and every byte assigned to a
 * field path or a structural part, so the entries add up to the format's total bytes. A format the
 * walker cannot read (no walker, or bytes it does not understand) gets one `(unattributed)` entry of
 * its whole size and a limitation naming why, never a guess.
 */
export async function attributeFormat(
  entry: RegistryEntry,
  dataset: Dataset,
  codec: PreparedCodec,
  encoded: Uint8Array[],
  maxPaths = defaultMaxAttributionPaths,
): Promise<Attribution> {
  let tally = new Tally();
  let reason: string | undefined;
  try {
    const walk = await walkerFor(entry, dataset, codec);
    if (typeof walk === "string") reason = walk;
    else {
      encoded.forEach((bytes, i) => {
        const before = tally.total;
        try {
          walk(bytes, tally);
        } catch (err) {
          throw new Error(`message ${i}: ${(err as Error).message}`);
        }
        if (tally.total - before !== bytes.length)
          throw new Error(`message ${i}: ${tally.total - before} of its ${bytes.length} bytes were assigned`);
      });
    }
  } catch (err) {
    reason = (err as Error).message.split("\n")[0];
  }
  if (reason === undefined) return { entries: tally.entries(maxPaths), tally };
  tally = new Tally();
  tally.add(
    "",
    "unattributed",
    encoded.reduce((n, b) => n + b.byteLength, 0),
  );
  return {
    entries: tally.entries(maxPaths),
    tally,
    limitation: { code: "bytes-unattributed", path: "", detail: `bytes not attributed to fields: ${reason}` },
  };
}
