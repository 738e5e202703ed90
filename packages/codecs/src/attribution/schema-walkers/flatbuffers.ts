import { idlCompilers } from "@wirebench/idl-compilers";
import { emitFbs } from "@wirebench/schemas";
import { IdlNames } from "../idl-names.ts";
import { type Reflection, walkFlatbuffers } from "../walk-flatbuffers.ts";
import type { Factory } from "./factory.ts";
import { measuredSchema } from "./measured-schema.ts";

/** FlatBuffers along flatc's own reflection of the schema measured (offsets, sizes, struct layouts). */
export const flatbuffersWalker: Factory = (dataset, codec) => {
  const emitted = measuredSchema(dataset, codec, "fbs", emitFbs);
  const refl = JSON.parse(idlCompilers.fbsReflectionJson(emitted.text)) as Reflection;
  const names = new IdlNames(emitted);
  return (bytes, tally) => walkFlatbuffers(bytes, refl, names, tally);
};
