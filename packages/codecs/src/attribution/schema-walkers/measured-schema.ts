import { asWritten, type Dataset, type EmittedSchema, type IrSchema } from "@wirebench/schemas";
import type { PreparedCodec } from "../../adapters/types.ts";

/**
 * The schema a code-generating format measured: the user's own (.thrift, .fbs, .capnp) unless the
 * adapter fell back to the emitted one, which its first note says (see withOwnSchema).
 */
export function measuredSchema(
  dataset: Dataset,
  codec: PreparedCodec,
  idl: "thrift" | "fbs" | "capnp",
  emit: (schema: IrSchema) => EmittedSchema,
): EmittedSchema {
  const fellBack = codec.notes?.some((n) => n.startsWith(`your .${idl} could not be measured as written`));
  return dataset.schema.original?.idl === idl && !fellBack
    ? asWritten(dataset.schema, `schema.${idl}`)
    : emit(dataset.schema);
}
