import { idlCompilers } from "@wirebench/idl-compilers";
import {
  asWritten,
  type Dataset,
  type EmittedSchema,
  emitAvsc,
  emitCapnp,
  emitFbs,
  emitProto,
  emitThrift,
  type IrSchema,
} from "@wirebench/schemas";
import avro from "avsc";
import { protoAsWritten } from "../adapters/proto-as-written.ts";
import { protoTypeOf } from "../adapters/protobuf.ts";
import type { PreparedCodec } from "../adapters/types.ts";
import type { RegistryEntry } from "../registry/registry.ts";
import { capnpLayouts } from "./capnp-layout.ts";
import { IdlNames } from "./idl-names.ts";
import { PathGuide } from "./path-guide.ts";
import type { Tally } from "./tally.ts";
import { walkAvro } from "./walk-avro.ts";
import { walkBson } from "./walk-bson.ts";
import { capnpLabels } from "./walk-capnp.ts";
import { addPacked, unpackWithOrigins } from "./walk-capnp-packed.ts";
import { walkCbor } from "./walk-cbor.ts";
import { type Reflection, walkFlatbuffers } from "./walk-flatbuffers.ts";
import { walkIon } from "./walk-ion.ts";
import { walkJson } from "./walk-json.ts";
import { walkMsgpack, walkMsgpackRecords } from "./walk-msgpack.ts";
import { walkProtobuf } from "./walk-protobuf.ts";
import { walkThrift } from "./walk-thrift.ts";
import { walkV8 } from "./walk-v8.ts";
import { walkXml } from "./walk-xml.ts";
import { walkYaml } from "./walk-yaml.ts";

export type Walk = (bytes: Uint8Array, tally: Tally) => void;

type Factory = (dataset: Dataset, codec: PreparedCodec) => Walk | string | Promise<Walk | string>;

/** A walker for the data's own keys, named along the dataset's IR. */
const selfDescribing =
  (walk: (bytes: Uint8Array, guide: PathGuide, tally: Tally) => void): Factory =>
  (dataset) =>
  (bytes, tally) =>
    walk(bytes, PathGuide.root(dataset.schema.root), tally);

/** The schema Protobuf measured: the user's .proto as written, else the one emitted from the IR. */
const protobufWalker: Factory = (dataset) => {
  const emitted = protoAsWritten(dataset.schema) ?? emitProto(dataset.schema);
  const type = protoTypeOf(emitted);
  const names = new IdlNames(emitted);
  return (bytes, tally) => walkProtobuf(bytes, type, names, tally);
};

/** The Avro schema measured: the user's .avsc as written, else the one emitted from the IR. */
const avroWalker: Factory = (dataset) => {
  const emitted =
    dataset.schema.original?.idl === "avsc"
      ? asWritten(dataset.schema, "schema.avsc")
      : emitAvsc(dataset.schema);
  const type = avro.Type.forSchema(JSON.parse(emitted.text));
  const names = new IdlNames(emitted);
  return (bytes, tally) => walkAvro(bytes, type, names, tally);
};

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

const thriftWalker =
  (compact: boolean): Factory =>
  (dataset, codec) => {
    const emitted = measuredSchema(dataset, codec, "thrift", emitThrift);
    const root = emitted.ir.root;
    if (root.kind !== "record") return "the Thrift root is not a struct";
    const ctx = { names: new IdlNames(emitted), compact };
    return (bytes, tally) => walkThrift(bytes, root, ctx, tally);
  };

/** FlatBuffers along flatc's own reflection of the schema measured (offsets, sizes, struct layouts). */
const flatbuffersWalker: Factory = (dataset, codec) => {
  const emitted = measuredSchema(dataset, codec, "fbs", emitFbs);
  const refl = JSON.parse(idlCompilers.fbsReflectionJson(emitted.text)) as Reflection;
  const names = new IdlNames(emitted);
  return (bytes, tally) => walkFlatbuffers(bytes, refl, names, tally);
};

/** Cap'n Proto along capnp's own layouts of the schema measured; the packed variant through its packing. */
const capnpWalker =
  (packed: boolean): Factory =>
  (dataset, codec) => {
    const emitted = measuredSchema(dataset, codec, "capnp", emitCapnp);
    const { structs, rootId } = capnpLayouts(
      idlCompilers.capnpCodeGeneratorRequest(emitted.text),
      emitted.rootType,
    );
    const names = new IdlNames(emitted);
    return (bytes, tally) => {
      if (!packed) return capnpLabels(bytes, structs, rootId, names).addTo(tally);
      const { unpacked, origin } = unpackWithOrigins(bytes);
      addPacked(origin, capnpLabels(unpacked, structs, rootId, names), tally);
    };
  };

/** By registry id first, then by format (so a new variant of a walked format is walked too). */
const factories: Record<string, Factory> = {
  json: selfDescribing(walkJson),
  "protobuf-json": selfDescribing(walkJson),
  "msgpackr-records": selfDescribing(walkMsgpackRecords),
  msgpack: selfDescribing(walkMsgpack),
  cbor: selfDescribing(walkCbor),
  protobuf: protobufWalker,
  bson: selfDescribing(walkBson),
  avro: avroWalker,
  xml: selfDescribing(walkXml),
  ion: selfDescribing(walkIon),
  v8: selfDescribing(walkV8),
  yaml: selfDescribing(walkYaml),
  "thrift-binary": thriftWalker(false),
  "thrift-compact": thriftWalker(true),
  flatbuffers: flatbuffersWalker,
  capnp: capnpWalker(false),
  "capnp-packed": capnpWalker(true),
};

export async function walkerFor(
  entry: RegistryEntry,
  dataset: Dataset,
  codec: PreparedCodec,
): Promise<Walk | string> {
  const factory = factories[entry.id] ?? factories[entry.format];
  if (!factory) return `no byte walker for ${entry.id}`;
  return factory(dataset, codec);
}
