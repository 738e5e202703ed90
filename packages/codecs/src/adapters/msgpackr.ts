import { Packr } from "msgpackr";
import type { Adapter } from "./types.ts";

/**
 * msgpackr with int64 wire values read back as bigint (JS numbers are written as float64/int32, so
 * only genuine bigints travel as int64). `records` turns on msgpackr's record extension: each message
 * carries its own structure definitions inline, so messages stay self-describing and independent.
 *
 * By default msgpackr writes every object's header as a map16 (3 bytes) so it need not count keys
 * first; `variableMapSize` writes the smallest header (fixmap: 1 byte below 16 keys), the minimal
 * standard encoding @msgpack/msgpack also writes. Both are measured: the default is the library as
 * shipped, the minimal one what MessagePack itself costs.
 */
function msgpackrAdapter(useRecords: boolean, variableMapSize = false): Adapter {
  return {
    prepare(dataset) {
      const packr = new Packr({ useRecords, int64AsType: "bigint", mapsAsObjects: true, variableMapSize });
      return {
        inputs: dataset.messages,
        encode: (input) => packr.pack(input),
        decode: (bytes) => packr.unpack(bytes),
      };
    },
  };
}

export const msgpackrPlainAdapter = msgpackrAdapter(false);
export const msgpackrRecordsAdapter = msgpackrAdapter(true);
export const msgpackrMinimalAdapter = msgpackrAdapter(false, true);
