import { Decoder, Encoder } from "cbor-x";
import type { Adapter } from "./types.ts";

/** CBOR (RFC 8949) with cbor-x; plain maps, no record extension, so the bytes are standard CBOR. */
export const cborAdapter: Adapter = {
  prepare(dataset) {
    const encoder = new Encoder({ useRecords: false, mapsAsObjects: true });
    const decoder = new Decoder({ useRecords: false, mapsAsObjects: true, int64AsType: "bigint" } as object);
    return {
      inputs: dataset.messages,
      encode: (input) => encoder.encode(input),
      decode: (bytes) => decoder.decode(bytes),
    };
  },
};
