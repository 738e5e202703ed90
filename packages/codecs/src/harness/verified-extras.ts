import type { Dataset } from "@wirebench/schemas";
import type { PreparedCodec } from "../adapters/types.ts";
import { attributeFormat } from "../attribution/attribute-format.ts";
import type { RegistryEntry } from "../registry/registry.ts";
import { shippedSizes } from "../sizes/shipped-sizes.ts";
import { send } from "./child-ipc.ts";
import type { ChildJob, ChildMessage } from "./protocol.ts";

type Verified = Extract<ChildMessage, { type: "verified" }>;

/**
 * The slower extras of a verified format, sizes as shipped and byte attribution, sent as its complete
 * `verified` message. A child runs them only once every format it holds has sent its sizes (YAML's
 * attribution walk alone took 7 s on a 2 MB document), so they never hold back another format's
 * sizes. Shipped sizes' modules load with the child (under its start-up limit, not a format's step
 * limit: a first import under load took longer than a short step limit); a byte walker loads in its
 * format's step (attribution/walkers.ts), and brings no library its format's adapter has not loaded.
 */
export async function sendVerifiedExtras(
  job: ChildJob,
  dataset: Dataset,
  entry: RegistryEntry,
  prepared: PreparedCodec,
  encoded: Uint8Array[],
  known: Omit<Verified, "partial">,
): Promise<void> {
  // A hang or a crash in here is this format's: the parent's kill timer names it.
  await send({ type: "step", id: entry.id, step: "verify" });
  const root = dataset.schema.root;
  let shipped: Verified["shipped"];
  if (job.shippedSizes) {
    shipped = await shippedSizes(
      encoded,
      { ...entry, artifacts: prepared.artifacts },
      "name" in root ? root.name : undefined,
      known.sizes,
    );
  }
  const attribution = await attributeFormat(entry, dataset, prepared, encoded, job.maxAttributionPaths);
  await send({
    ...known,
    ...(shipped ? { shipped } : {}),
    attribution: attribution.entries,
    ...(attribution.limitation ? { attributionLimitation: attribution.limitation } : {}),
  });
}
