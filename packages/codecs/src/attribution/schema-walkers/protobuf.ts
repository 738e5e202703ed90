import { emitProto } from "@wirebench/schemas";
import { protoAsWritten } from "../../adapters/proto-as-written.ts";
import { protoTypeOf } from "../../adapters/protobuf.ts";
import { IdlNames } from "../idl-names.ts";
import { walkProtobuf } from "../walk-protobuf.ts";
import type { Factory } from "./factory.ts";

/** The schema Protobuf measured: the user's .proto as written, else the one emitted from the IR. */
export const protobufWalker: Factory = (dataset) => {
  const emitted = protoAsWritten(dataset.schema) ?? emitProto(dataset.schema);
  const type = protoTypeOf(emitted);
  const names = new IdlNames(emitted);
  return (bytes, tally) => walkProtobuf(bytes, type, names, tally);
};
