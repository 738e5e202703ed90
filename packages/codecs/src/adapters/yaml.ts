import { parse, stringify } from "yaml";
import { asBuffer } from "./convert-values.ts";
import type { Adapter } from "./types.ts";

/** YAML 1.2 text with the `yaml` package, default options as applications call it (a text baseline). */
export const yamlAdapter: Adapter = {
  prepare(dataset) {
    return {
      inputs: dataset.messages,
      encode: (input) => Buffer.from(stringify(input), "utf8"),
      decode: (bytes) => parse(asBuffer(bytes).toString("utf8")),
    };
  },
};
