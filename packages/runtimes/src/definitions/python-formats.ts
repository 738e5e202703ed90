import type { RuntimeFormatDefinition } from "../runtime-definition.ts";

// Plain data, apart from the definition in python.ts: the format lookup (src/formats/) reads it where
// loading the definition (it hashes the child's sources, probes toolchains) would cost too much.
/** The formats the Python child measures, in the order it reports them. */
export const pythonFormats: RuntimeFormatDefinition[] = [
  { impl: "protobuf", format: "protobuf", library: "protobuf (upb)", input: "protojson" },
  { impl: "fastavro", format: "avro", library: "fastavro", input: "avrojson" },
  { impl: "msgpack", format: "msgpack", library: "msgpack", input: "data" },
  { impl: "cbor2", format: "cbor", library: "cbor2", input: "data" },
  { impl: "orjson", format: "json", library: "orjson", input: "data" },
  { impl: "json", format: "json", library: "json (stdlib)", input: "data" },
  {
    impl: "flatbuffers",
    format: "flatbuffers",
    library: "flatbuffers (flatc object API)",
    input: "flatbuffers",
    package: "flatbuffers",
  },
  // pycapnp reads the .capnp itself at run time (capnp.load): nothing to generate.
  { impl: "pycapnp", format: "capnp", library: "pycapnp", input: "capnp", package: "pycapnp" },
  // The ids of Node's two Thrift variants, so each is compared with its own Node bytes.
  {
    impl: "thrift-binary",
    format: "thrift",
    library: "thrift (TBinaryProtocolAccelerated)",
    input: "thriftjson",
    package: "thrift",
  },
  {
    impl: "thrift-compact",
    format: "thrift",
    library: "thrift (TCompactProtocolAccelerated)",
    input: "thriftjson",
    package: "thrift",
  },
];
