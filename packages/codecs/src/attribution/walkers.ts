import type { Dataset } from "@wirebench/schemas";
import type { PreparedCodec } from "../adapters/types.ts";
import type { RegistryEntry } from "../registry/registry.ts";
import { PathGuide } from "./path-guide.ts";
import type { Factory, Walk } from "./schema-walkers/factory.ts";
import type { Tally } from "./tally.ts";

export type { Walk } from "./schema-walkers/factory.ts";

/** A walker for the data's own keys, named along the dataset's IR. */
const selfDescribing =
  (walk: (bytes: Uint8Array, guide: PathGuide, tally: Tally) => void): Factory =>
  (dataset) =>
  (bytes, tally) =>
    walk(bytes, PathGuide.root(dataset.schema.root), tally);

/**
 * By registry id first, then by format (so a new variant of a walked format is walked too). Each
 * walker loads with its format: a measurement child starts without the libraries of formats it is
 * not given (yaml, protobufjs, avsc, capnp-es), which it otherwise loaded at start-up.
 */
const factories: Record<string, () => Promise<Factory>> = {
  json: async () => selfDescribing((await import("./walk-json.ts")).walkJson),
  "protobuf-json": async () => selfDescribing((await import("./walk-json.ts")).walkJson),
  "msgpackr-records": async () => selfDescribing((await import("./walk-msgpack.ts")).walkMsgpackRecords),
  msgpack: async () => selfDescribing((await import("./walk-msgpack.ts")).walkMsgpack),
  cbor: async () => selfDescribing((await import("./walk-cbor.ts")).walkCbor),
  protobuf: async () => (await import("./schema-walkers/protobuf.ts")).protobufWalker,
  bson: async () => selfDescribing((await import("./walk-bson.ts")).walkBson),
  avro: async () => (await import("./schema-walkers/avro.ts")).avroWalker,
  xml: async () => selfDescribing((await import("./walk-xml.ts")).walkXml),
  ion: async () => selfDescribing((await import("./walk-ion.ts")).walkIon),
  v8: async () => selfDescribing((await import("./walk-v8.ts")).walkV8),
  yaml: async () => selfDescribing((await import("./walk-yaml.ts")).walkYaml),
  "thrift-binary": async () => (await import("./schema-walkers/thrift.ts")).thriftWalker(false),
  "thrift-compact": async () => (await import("./schema-walkers/thrift.ts")).thriftWalker(true),
  flatbuffers: async () => (await import("./schema-walkers/flatbuffers.ts")).flatbuffersWalker,
  capnp: async () => (await import("./schema-walkers/capnp.ts")).capnpWalker(false),
  "capnp-packed": async () => (await import("./schema-walkers/capnp.ts")).capnpWalker(true),
};

export async function walkerFor(
  entry: RegistryEntry,
  dataset: Dataset,
  codec: PreparedCodec,
): Promise<Walk | string> {
  const load = factories[entry.id] ?? factories[entry.format];
  if (!load) return `no byte walker for ${entry.id}`;
  return (await load())(dataset, codec);
}
