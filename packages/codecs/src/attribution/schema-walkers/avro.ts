import { asWritten, emitAvsc } from "@wirebench/schemas";
import avro from "avsc";
import { IdlNames } from "../idl-names.ts";
import { walkAvro } from "../walk-avro.ts";
import type { Factory } from "./factory.ts";

/** The Avro schema measured: the user's .avsc as written, else the one emitted from the IR. */
export const avroWalker: Factory = (dataset) => {
  const emitted =
    dataset.schema.original?.idl === "avsc"
      ? asWritten(dataset.schema, "schema.avsc")
      : emitAvsc(dataset.schema);
  const type = avro.Type.forSchema(JSON.parse(emitted.text));
  const names = new IdlNames(emitted);
  return (bytes, tally) => walkAvro(bytes, type, names, tally);
};
