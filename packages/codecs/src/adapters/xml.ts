import type { DataValue } from "@wirebench/schemas";
import { XMLBuilder, XMLParser } from "fast-xml-parser";
import { asBuffer, mapLeaves, toBase64 } from "./convert-values.ts";
import type { Adapter } from "./types.ts";

/**
 * XML text with fast-xml-parser (a baseline from the literature): each message becomes `<root>` with
 * one element per key and repeated elements for arrays. XML has no types, no empty or nested arrays
 * and restricted names, so losses are expected; the fidelity report names them.
 */
export const xmlAdapter: Adapter = {
  prepare(dataset) {
    const builder = new XMLBuilder({ ignoreAttributes: true, suppressEmptyNode: false });
    const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: true });
    return {
      inputs: dataset.messages.map((m) => ({ root: mapLeaves(m, toXmlLeaf) })),
      encode: (input) => Buffer.from(builder.build(input) as string, "utf8"),
      decode: (bytes) => parser.parse(asBuffer(bytes).toString("utf8")),
      toPlain: (decoded) => ((decoded as { root?: DataValue }).root ?? null) as DataValue,
    };
  },
};

function toXmlLeaf(v: DataValue): unknown {
  if (typeof v === "bigint") return v.toString();
  if (v instanceof Uint8Array) return toBase64(v);
  return v;
}
