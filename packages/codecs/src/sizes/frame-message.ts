import protobuf from "protobufjs";

/**
 * Per-message envelopes that deployed systems put around an encoded message. Each function returns
 * the bytes a sender writes for one message, so sizes are measured on real frames, not on formulas.
 * docs/framing.md explains each overhead.
 */

/** gRPC's Length-Prefixed-Message: 1-byte compressed flag (0) + 4-byte big-endian length + message. */
export function grpcFrame(message: Uint8Array): Uint8Array {
  const frame = new Uint8Array(5 + message.byteLength);
  new DataView(frame.buffer).setUint32(1, message.byteLength, false);
  frame.set(message, 5);
  return frame;
}

/**
 * A varint length prefix then the message, as protobuf's writeDelimitedTo / parseDelimitedFrom (and
 * protobufjs's encodeDelimited) stream messages. protobufjs's Writer writes the varint.
 */
export function varintDelimited(message: Uint8Array): Uint8Array {
  return protobuf.Writer.create().bytes(message).finish();
}

/** The schema id the schema-registry envelope carries; any id takes 4 bytes, so sizes do not depend on it. */
export const SCHEMA_REGISTRY_EXAMPLE_ID = 1;

/**
 * Confluent schema registry wire format: magic byte 0, 4-byte big-endian schema id, then (Protobuf
 * only) the message indexes naming the message type within the .proto file, then the message.
 * Indexes are a zig-zag varint count followed by zig-zag varint indexes, except that the first
 * top-level message ([0]) is written as the single byte 0.
 */
export function schemaRegistryFrame(
  message: Uint8Array,
  schemaId: number,
  protobufMessageIndexes?: number[],
): Uint8Array {
  const head = new Uint8Array(5);
  new DataView(head.buffer).setUint32(1, schemaId >>> 0, false);
  let indexes: Uint8Array = new Uint8Array(0);
  if (protobufMessageIndexes) {
    const isFirst = protobufMessageIndexes.length === 1 && protobufMessageIndexes[0] === 0;
    const w = protobuf.Writer.create();
    if (isFirst) w.sint32(0);
    else {
      w.sint32(protobufMessageIndexes.length);
      for (const i of protobufMessageIndexes) w.sint32(i);
    }
    indexes = w.finish();
  }
  const frame = new Uint8Array(head.byteLength + indexes.byteLength + message.byteLength);
  frame.set(head, 0);
  frame.set(indexes, head.byteLength);
  frame.set(message, head.byteLength + indexes.byteLength);
  return frame;
}

const NEWLINE = 0x0a;

/**
 * One NDJSON line: the JSON text and "\n". JSON.stringify never writes a raw newline, but a message
 * that holds one (pretty-printed text) cannot be a line, and saying so beats a wrong size.
 */
export function ndjsonLine(message: Uint8Array): Uint8Array {
  if (message.includes(NEWLINE))
    throw new Error("a JSON message holding a newline cannot be one NDJSON line");
  const line = new Uint8Array(message.byteLength + 1);
  line.set(message, 0);
  line[message.byteLength] = NEWLINE;
  return line;
}

/**
 * MessagePack and CBOR values delimit themselves, so a stream of them (a CBOR Sequence, RFC 8742,
 * or msgpack's streaming unpacker) is the messages back to back: no bytes added.
 */
export function selfDelimitedSequence(messages: Uint8Array[]): Uint8Array {
  return Buffer.concat(messages);
}
