import type { SizeDetail } from "@wirebench/contracts";
import type { ShippedSizes } from "@wirebench/contracts/result";
import { batchedSizes } from "./batched-sizes.ts";
import { type FramingContext, framedSizes } from "./framed-sizes.ts";
import { dictionarySizes } from "./zstd-dictionary.ts";

/**
 * Sizes as shipped (docs/framing.md) of one verified format: its dataset in every framing that
 * applies, compressed in batches of N messages, and zstd with a dictionary trained on half of it.
 * `rootName` is the root message's name (it places a Protobuf root among the .proto's messages);
 * `known`, the format's compressedSizes, spares compressing again what batches of one and of every
 * message would.
 */
export async function shippedSizes(
  encoded: Uint8Array[],
  ctx: FramingContext,
  rootName?: string,
  known?: SizeDetail,
): Promise<ShippedSizes> {
  return {
    framed: await framedSizes(encoded, ctx, rootName),
    batched: await batchedSizes(encoded, undefined, known),
    dictionary: await dictionarySizes(encoded),
  };
}
