import type { Dataset } from "@wirebench/schemas";
import type { Adapter } from "../adapters/types.ts";

/** How messages name a format (the registry's `format` is a lowercase key). */
const formatNames: Record<string, string> = {
  protobuf: "Protobuf",
  avro: "Avro",
  thrift: "Thrift",
  flatbuffers: "FlatBuffers",
  capnp: "Cap'n Proto",
};

export const formatName = (format: string): string => formatNames[format] ?? format;

/** The one "needs a schema" check, driven by the registry's `schema` flag. */
export function missingSchema(
  entry: { format: string; schema: boolean },
  dataset: Dataset,
): string | undefined {
  if (entry.schema && dataset.schema.root.kind === "any")
    return `${formatName(entry.format)} needs a schema; the IR root is untyped`;
  return undefined;
}

/**
 * The adapter of an entry flagged `schema`, turning away untyped data before its code generation
 * or preparation runs, so the adapters themselves only ever see a typed root.
 */
export function requireSchema(entry: { format: string; schema: boolean }, adapter: Adapter): Adapter {
  if (!entry.schema) return adapter;
  const { generate } = adapter;
  return {
    ...(generate && {
      generate: async (dataset, ctx) => {
        if (!missingSchema(entry, dataset)) await generate.call(adapter, dataset, ctx);
      },
    }),
    prepare: (dataset, ctx) => {
      const unsupported = missingSchema(entry, dataset);
      return unsupported ? { unsupported } : adapter.prepare(dataset, ctx);
    },
  };
}
