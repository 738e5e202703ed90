import { deserialize, serialize } from "node:v8";
import type { Adapter } from "./types.ts";

/** V8's structured-clone wire format: the platform-native binary format; carries bigint and bytes as-is. */
export const v8Adapter: Adapter = {
  prepare(dataset) {
    return {
      inputs: dataset.messages,
      encode: (input) => serialize(input),
      decode: (bytes) => deserialize(bytes),
    };
  },
};
