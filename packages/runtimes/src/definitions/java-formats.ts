import type { RuntimeFormatDefinition } from "../runtime-definition.ts";

// Plain data, apart from the definition in java.ts: the format lookup (src/formats/) reads it where
// loading the definition (it hashes the child's sources, probes toolchains) would cost too much.
/** The formats the Java child measures, in the order it reports them. */
export const javaFormats: RuntimeFormatDefinition[] = [
  {
    impl: "protobuf",
    format: "protobuf",
    library: "protobuf-java",
    input: "protojson",
    package: "com.google.protobuf:protobuf-java",
  },
  {
    impl: "avro",
    format: "avro",
    library: "Apache Avro (generic)",
    input: "avrojson",
    package: "org.apache.avro:avro",
  },
  {
    impl: "json",
    format: "json",
    library: "Jackson (JSON)",
    input: "data",
    package: "com.fasterxml.jackson.core:jackson-databind",
  },
  {
    impl: "cbor",
    format: "cbor",
    library: "Jackson CBOR",
    input: "data",
    package: "com.fasterxml.jackson.dataformat:jackson-dataformat-cbor",
  },
  {
    impl: "smile",
    format: "smile",
    library: "Jackson Smile",
    input: "data",
    package: "com.fasterxml.jackson.dataformat:jackson-dataformat-smile",
  },
  {
    impl: "msgpack",
    format: "msgpack",
    library: "jackson-dataformat-msgpack",
    input: "data",
    package: "org.msgpack:jackson-dataformat-msgpack",
  },
  {
    impl: "flatbuffers",
    format: "flatbuffers",
    library: "flatbuffers-java (object API)",
    input: "flatbuffers",
    package: "com.google.flatbuffers:flatbuffers-java",
  },
  // The ids of Node's two Thrift variants, so each is compared with its own Node bytes.
  {
    impl: "thrift-binary",
    format: "thrift",
    library: "libthrift (TBinaryProtocol)",
    input: "thriftjson",
    package: "org.apache.thrift:libthrift",
  },
  {
    impl: "thrift-compact",
    format: "thrift",
    library: "libthrift (TCompactProtocol)",
    input: "thriftjson",
    package: "org.apache.thrift:libthrift",
  },
  // JVM-only serializers, on the data as LinkedHashMap/ArrayList: no other runtime reads their bytes.
  { impl: "kryo", format: "kryo", library: "Kryo", input: "data", package: "com.esotericsoftware:kryo" },
  {
    impl: "fory",
    format: "fory",
    library: "Apache Fory (Java mode)",
    input: "data",
    package: "org.apache.fory:fory-core",
  },
];
