import type { DataObject, DataValue } from "@wirebench/schemas";
import { type dom, dumpBinary, IonTypes, load } from "ion-js";
import { defineKey } from "./convert-values.ts";
import type { Adapter } from "./types.ts";

/**
 * Amazon Ion binary with ion-js. Decoding goes through `load` (the DOM API applications use);
 * `toPlain` reads the DOM back into the data model: ints stay exact (bigint beyond 2^53).
 */
export const ionAdapter: Adapter = {
  prepare(dataset) {
    return {
      inputs: dataset.messages,
      encode: (input) => dumpBinary(input),
      decode: (bytes) => load(bytes),
      toPlain: (decoded) => (decoded === null ? null : fromIon(decoded as dom.Value)),
    };
  },
};

function fromIon(v: dom.Value): DataValue {
  if (v.isNull()) return null;
  switch (v.getType()) {
    case IonTypes.BOOL:
      return v.booleanValue();
    case IonTypes.INT: {
      const big = v.bigIntValue() as bigint;
      return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(big)
        : big;
    }
    case IonTypes.FLOAT:
    case IonTypes.DECIMAL:
      return v.numberValue() as number;
    case IonTypes.STRING:
    case IonTypes.SYMBOL:
      return v.stringValue() as string;
    case IonTypes.BLOB:
    case IonTypes.CLOB:
      return v.uInt8ArrayValue() as Uint8Array;
    case IonTypes.TIMESTAMP:
      return (v.timestampValue() as { toString(): string }).toString();
    case IonTypes.LIST:
    case IonTypes.SEXP:
      return v.elements().map(fromIon);
    case IonTypes.STRUCT: {
      const out: DataObject = {};
      for (const [key, child] of v.fields()) defineKey(out, key, fromIon(child));
      return out;
    }
    default:
      return String(v);
  }
}
