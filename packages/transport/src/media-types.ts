/**
 * The Content-Type a format's request body carries: the registered media type where there is one
 * (RFC 8259 JSON, RFC 8949 CBOR, the Thrift and MessagePack registrations), else the name its
 * community uses.
 */
const byFormat: Record<string, string> = {
  json: "application/json",
  msgpack: "application/vnd.msgpack",
  cbor: "application/cbor",
  bson: "application/bson",
  ion: "application/ion",
  v8: "application/octet-stream",
  protobuf: "application/protobuf",
  avro: "avro/binary",
  thrift: "application/vnd.apache.thrift.binary",
  flatbuffers: "application/x-flatbuffers",
  capnp: "application/x-capnp",
  xml: "application/xml",
  yaml: "application/yaml",
};

export function mediaType(format: string, id: string): string {
  if (id === "protobuf-json") return "application/json";
  if (id === "thrift-compact") return "application/vnd.apache.thrift.compact";
  return byFormat[format] ?? "application/octet-stream";
}
