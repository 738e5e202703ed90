import { Decoder, Encoder } from "@msgpack/msgpack";
import type { Adapter } from "./types.ts";

/** The reference MessagePack implementation for JS, with bigint for int64 (its useBigInt64 option). */
export const msgpackJsAdapter: Adapter = {
  prepare(dataset) {
    const encoder = new Encoder({ useBigInt64: true });
    const decoder = new Decoder({ useBigInt64: true });
    return {
      inputs: dataset.messages,
      encode: (input) => encoder.encode(input),
      decode: (bytes) => decoder.decode(bytes),
    };
  },
};
