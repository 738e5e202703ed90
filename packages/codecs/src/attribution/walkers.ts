import { type Dataset, emitProto } from "@wirebench/schemas";
import { protoTypeOf } from "../adapters/protobuf.ts";
import { protoAsWritten } from "../adapters/proto-as-written.ts";
import type { PreparedCodec } from "../adapters/types.ts";
import type { RegistryEntry } from "../registry/registry.ts";
import { IdlNames } from "./idl-names.ts";
import { PathGuide } from "./path-guide.ts";
import type { Tally } from "./tally.ts";
import { walkCbor } from "./walk-cbor.ts";
import { walkJson } from "./walk-json.ts";
import { walkMsgpack } from "./walk-msgpack.ts";
import { walkProtobuf } from "./walk-protobuf.ts";

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

/** By registry id first, then by format (so a new variant of a walked format is walked too). */
const factories: Record<string, Factory> = {
  json: selfDescribing(walkJson),
  "protobuf-json": selfDescribing(walkJson),
  "msgpackr-records": () => "msgpackr's record extension (structures shared between objects) is not walked",
  msgpack: selfDescribing(walkMsgpack),
  cbor: selfDescribing(walkCbor),
  protobuf: protobufWalker,
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
