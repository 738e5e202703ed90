import type { RuntimeFormatDefinition } from "../runtime-definition.ts";

// Plain data, apart from the definition in go.ts: the format lookup (src/formats/) reads it where
// loading the definition (it hashes the child's sources, probes toolchains) would cost too much.
/** The formats the Go child measures, in the order it reports them. */
export const goFormats: RuntimeFormatDefinition[] = [
  {
    impl: "protobuf",
    format: "protobuf",
    library: "google.golang.org/protobuf (protoc-gen-go)",
    input: "protojson",
  },
  {
    impl: "vtprotobuf",
    format: "protobuf",
    library: "planetscale/vtprotobuf (protoc-gen-go-vtproto)",
    input: "protojson",
  },
  { impl: "goavro", format: "avro", library: "linkedin/goavro", input: "avrojson" },
  { impl: "msgpack", format: "msgpack", library: "vmihailenco/msgpack", input: "data" },
  { impl: "cbor", format: "cbor", library: "fxamacker/cbor", input: "data" },
  { impl: "json", format: "json", library: "encoding/json", input: "data" },
  {
    impl: "flatbuffers",
    format: "flatbuffers",
    library: "google/flatbuffers/go (flatc object API)",
    input: "flatbuffers",
    package: "github.com/google/flatbuffers",
  },
  {
    impl: "capnp",
    format: "capnp",
    library: "capnproto.org/go/capnp/v3 (capnpc-go, schema-driven tree)",
    input: "capnp",
    package: "capnproto.org/go/capnp/v3",
  },
  // The ids of Node's two Thrift variants, so each is compared with its own Node bytes.
  {
    impl: "thrift-binary",
    format: "thrift",
    library: "apache/thrift (TBinaryProtocol)",
    input: "thriftjson",
    package: "github.com/apache/thrift",
  },
  {
    impl: "thrift-compact",
    format: "thrift",
    library: "apache/thrift (TCompactProtocol)",
    input: "thriftjson",
    package: "github.com/apache/thrift",
  },
  {
    impl: "colfer",
    format: "colfer",
    library: "pascaldekloe/colfer (colf Go)",
    input: "colfer",
    package: "github.com/pascaldekloe/colfer",
  },
];
