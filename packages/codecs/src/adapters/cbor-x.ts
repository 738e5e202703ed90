import { Decoder, Encoder } from "cbor-x";
import type { Adapter } from "./types.ts";

/**
 * CBOR (RFC 8949) with cbor-x; plain maps, no record extension, so the bytes are standard CBOR.
 * By default cbor-x writes every object's header with a 2-byte length (3 bytes in all);
 * `variableMapSize` writes the shortest header (1 byte below 24 keys), as RFC 8949's preferred
 * serialization asks. Non-integers are float64 either way (cbor-x has no exact float16/32 mode).
 */
function cborXAdapter(variableMapSize: boolean): Adapter {
  return {
    prepare(dataset) {
      const encoder = new Encoder({ useRecords: false, mapsAsObjects: true, variableMapSize });
      const decoder = new Decoder({
        useRecords: false,
        mapsAsObjects: true,
        int64AsType: "bigint",
      } as object);
      return {
        inputs: dataset.messages,
        encode: (input) => encoder.encode(input),
        decode: (bytes) => decoder.decode(bytes),
      };
    },
  };
}

export const cborAdapter = cborXAdapter(false);
export const cborMinimalAdapter = cborXAdapter(true);
