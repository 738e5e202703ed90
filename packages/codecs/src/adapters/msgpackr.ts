import { Packr } from "msgpackr";
import type { Adapter } from "./types.ts";

/**
 * msgpackr with int64 wire values read back as bigint (JS numbers are written as float64/int32, so
 * only genuine bigints travel as int64). `records` turns on msgpackr's record extension: each message
 * carries its own structure definitions inline, so messages stay self-describing and independent.
 */
function msgpackrAdapter(useRecords: boolean): Adapter {
  return {
    prepare(dataset) {
      const packr = new Packr({ useRecords, int64AsType: "bigint", mapsAsObjects: true });
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
