import type { RuntimeFormatDefinition } from "../runtime-definition.ts";

// Plain data, apart from the definition in rust.ts: the format lookup (src/formats/) reads it where
// loading the definition (it hashes the child's sources, probes toolchains) would cost too much.
/** The formats the Rust child measures, in the order it reports them. */
export const rustFormats: RuntimeFormatDefinition[] = [
  {
    impl: "prost",
    format: "protobuf",
    library: "prost (prost-build)",
    input: "protojson",
    package: "prost",
  },
  {
    impl: "apache-avro",
    format: "avro",
    library: "apache-avro (types::Value)",
    input: "avrojson",
    package: "apache-avro",
  },
  { impl: "rmp-serde", format: "msgpack", library: "rmp-serde", input: "data", package: "rmp-serde" },
  { impl: "ciborium", format: "cbor", library: "ciborium", input: "data", package: "ciborium" },
  { impl: "serde_json", format: "json", library: "serde_json", input: "data", package: "serde_json" },
  { impl: "bincode", format: "bincode", library: "bincode (serde)", input: "data", package: "bincode" },
  {
    impl: "flatbuffers",
    format: "flatbuffers",
    library: "flatbuffers (flatc object API)",
    input: "flatbuffers",
    package: "flatbuffers",
  },
  { impl: "capnp", format: "capnp", library: "capnp (capnpc, dynamic)", input: "capnp", package: "capnp" },
];
