import type { Adapter } from "../adapters/types.ts";
import { requireSchema } from "./require-schema.ts";

/**
 * Every format variant Wirebench measures. Adapters load lazily so a child process imports only the
 * libraries it measures. `id` is what `--formats` accepts (as is `format`, meaning all its variants, when it is not also an id).
 */
export interface RegistryEntry {
  id: string;
  format: string;
  variant: string;
  /** npm package whose version stamps the result (`node` for built-ins). */
  library: string;
  /** Module (absolute file URL or path) and export holding the adapter; lets tests add adapters. */
  module: string;
  exportName: string;
  /**
   * Needs a schema (IR) beyond the data itself: on untyped data the entry is reported unsupported,
   * naming the format, before its adapter runs (see require-schema.ts).
   */
  schema: boolean;
  /**
   * On a library default that writes more bytes than its format needs (msgpackr and cbor-x: a
   * 3-byte header for every object), the id of the variant writing the minimal standard encoding.
   * Size summaries use that variant in its place.
   */
  minimalVariant?: string;
  /**
   * Whether the adapter runs a schema compiler (`generate`). A child starts those at once and loads
   * every other adapter, and its library, only when it prepares that format. Unset (plugins): loaded
   * at once too, in case it does.
   */
  generatesCode?: boolean;
}

/** Formats whose adapters generate code with a compiler (see Adapter.generate). */
const codeGenerating = new Set(["flatbuffers", "thrift", "capnp"]);

const here = (file: string) => new URL(`../adapters/${file}`, import.meta.url).href;

export const registry: RegistryEntry[] = [
  entry("json", "json", "JSON.stringify/parse", "node", "json.ts", "jsonAdapter", false),
  {
    ...entry("msgpackr", "msgpack", "plain", "msgpackr", "msgpackr.ts", "msgpackrPlainAdapter", false),
    minimalVariant: "msgpackr-minimal",
  },
  entry(
    "msgpackr-minimal",
    "msgpack",
    "plain, variableMapSize",
    "msgpackr",
    "msgpackr.ts",
    "msgpackrMinimalAdapter",
    false,
  ),
  entry("msgpackr-records", "msgpack", "records", "msgpackr", "msgpackr.ts", "msgpackrRecordsAdapter", false),
  entry("msgpack-js", "msgpack", "plain", "@msgpack/msgpack", "msgpack-js.ts", "msgpackJsAdapter", false),
  {
    ...entry("cbor", "cbor", "plain", "cbor-x", "cbor-x.ts", "cborAdapter", false),
    minimalVariant: "cbor-minimal",
  },
  entry("cbor-minimal", "cbor", "plain, variableMapSize", "cbor-x", "cbor-x.ts", "cborMinimalAdapter", false),
  entry("bson", "bson", "document", "bson", "bson.ts", "bsonAdapter", false),
  entry("ion", "ion", "binary", "ion-js", "ion.ts", "ionAdapter", false),
  entry("v8", "v8", "serialize", "node", "v8-serialize.ts", "v8Adapter", false),
  entry("protobuf", "protobuf", "binary", "protobufjs", "protobuf.ts", "protobufBinaryAdapter", true),
  entry(
    "protobuf-json",
    "protobuf",
    "canonical JSON",
    "protobufjs",
    "protobuf.ts",
    "protobufJsonAdapter",
    true,
  ),
  entry("avro", "avro", "binary", "avsc", "avro.ts", "avroAdapter", true),
  entry("thrift-binary", "thrift", "binary protocol", "thrift", "thrift.ts", "thriftBinaryAdapter", true),
  entry("thrift-compact", "thrift", "compact protocol", "thrift", "thrift.ts", "thriftCompactAdapter", true),
  entry(
    "flatbuffers",
    "flatbuffers",
    "flatc --ts",
    "flatbuffers",
    "flatbuffers.ts",
    "flatbuffersAdapter",
    true,
  ),
  entry("capnp", "capnp", "unpacked", "capnp-es", "capnp.ts", "capnpUnpackedAdapter", true),
  entry("capnp-packed", "capnp", "packed", "capnp-es", "capnp.ts", "capnpPackedAdapter", true),
  entry("xml", "xml", "elements", "fast-xml-parser", "xml.ts", "xmlAdapter", false),
  entry("yaml", "yaml", "1.2", "yaml", "yaml.ts", "yamlAdapter", false),
];

function entry(
  id: string,
  format: string,
  variant: string,
  library: string,
  file: string,
  exportName: string,
  schema: boolean,
): RegistryEntry {
  return {
    id,
    format,
    variant,
    library,
    module: here(file),
    exportName,
    schema,
    generatesCode: codeGenerating.has(format),
  };
}

/**
 * The entries one `--formats` name picks: an exact id wins ("protobuf" is the binary variant),
 * otherwise a format name means all its variants. None when the name is unknown.
 */
export function matchEntries(entries: RegistryEntry[], raw: string): RegistryEntry[] {
  const name = raw.trim().toLowerCase();
  const byId = entries.filter((e) => e.id === name);
  return byId.length > 0 ? byId : entries.filter((e) => e.format === name);
}

/** The names `--formats` accepts for `entries`: every id and format name, once, in registry order. */
export function formatChoices(entries: RegistryEntry[]): string[] {
  return [...new Set(entries.flatMap((e) => [e.id, e.format]))];
}

/**
 * Resolves `--formats a,b`: ids or format names; unknown names are an error naming the choices.
 * No list means every entry; a list picks what it names (an empty list: none, so a run whose formats
 * are all measured in other runtimes measures nothing in Node).
 */
export function selectEntries(entries: RegistryEntry[], names?: string[]): RegistryEntry[] {
  if (!names) return entries;
  const picked = new Set<RegistryEntry>();
  for (const raw of names) {
    if (!raw.trim()) continue;
    const hits = matchEntries(entries, raw);
    if (hits.length === 0)
      throw new Error(`unknown format "${raw}"; choose from ${formatChoices(entries).join(", ")}`);
    for (const h of hits) picked.add(h);
  }
  return entries.filter((e) => picked.has(e));
}

/**
 * Adapter modules a bundled child carries (see child-bundle.ts), by their `module` address: the
 * bundle cannot `import()` a TypeScript file by its address, so its entry hands them over here.
 */
const bundledModules = new Map<string, () => Promise<unknown>>();

export function provideAdapterModules(table: Record<string, () => Promise<unknown>>): void {
  for (const [module, load] of Object.entries(table)) bundledModules.set(module, load);
}

/** The entry's adapter, behind the checks its registry flags call for. */
export async function loadAdapter(e: RegistryEntry): Promise<Adapter> {
  const bundled = bundledModules.get(e.module);
  const mod = (await (bundled ? bundled() : import(e.module))) as Record<string, Adapter | undefined>;
  const adapter = mod[e.exportName];
  if (!adapter) throw new Error(`${e.module} has no export ${e.exportName}`);
  return requireSchema(e, adapter);
}
