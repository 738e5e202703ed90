import { emitThrift } from "@wirebench/schemas";
import { IdlNames } from "../idl-names.ts";
import { walkThrift } from "../walk-thrift.ts";
import type { Factory } from "./factory.ts";
import { measuredSchema } from "./measured-schema.ts";

export const thriftWalker =
  (compact: boolean): Factory =>
  (dataset, codec) => {
    const emitted = measuredSchema(dataset, codec, "thrift", emitThrift);
    const root = emitted.ir.root;
    if (root.kind !== "record") return "the Thrift root is not a struct";
    const ctx = { names: new IdlNames(emitted), compact };
    return (bytes, tally) => walkThrift(bytes, root, ctx, tally);
  };
