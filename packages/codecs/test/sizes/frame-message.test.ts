import { decodeMultiple } from "cbor-x";
import { Packr } from "msgpackr";
import protobuf from "protobufjs";
import { describe, expect, it } from "vitest";
import {
  grpcFrame,
  ndjsonLine,
  schemaRegistryFrame,
  selfDelimitedSequence,
  varintDelimited,
} from "../../src/sizes/frame-message.ts";
import { framedSizes, protobufRootIndexes } from "../../src/sizes/framed-sizes.ts";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const bytes = (n: number) => new Uint8Array(n).fill(0xab);

describe("per-message framings, byte for byte", () => {
  it("gRPC: flag 00, length 00 00 01 2c (300) big-endian, then the message: 5 B", () => {
    const frame = grpcFrame(bytes(300));
    expect(frame.byteLength).toBe(305);
    expect(hex(frame.subarray(0, 5))).toBe("000000012c");
    expect(frame.subarray(5)).toEqual(bytes(300));
  });

  it("varint-delimited: 1 B of length up to 127, 2 B from 128 (300 = ac 02), 3 B from 16384", () => {
    expect(hex(varintDelimited(bytes(127)).subarray(0, 1))).toBe("7f");
    expect(varintDelimited(bytes(127)).byteLength).toBe(128);
    const f = varintDelimited(bytes(300));
    expect(hex(f.subarray(0, 2))).toBe("ac02");
    expect(f.byteLength).toBe(302);
    expect(varintDelimited(bytes(16384)).byteLength).toBe(16384 + 3);
    // protobufjs reads it back as a length-delimited stream would.
    expect(new Uint8Array(protobuf.Reader.create(f).bytes())).toEqual(bytes(300));
  });

  it("schema registry: magic 00 + schema id 00 00 01 02 (258): 5 B for Avro and JSON", () => {
    const frame = schemaRegistryFrame(bytes(10), 258);
    expect(hex(frame.subarray(0, 5))).toBe("0000000102");
    expect(frame.byteLength).toBe(15);
  });

  it("schema registry for Protobuf adds the message indexes: [0] as one byte 00, [2] as 02 04", () => {
    const first = schemaRegistryFrame(bytes(10), 7, [0]);
    expect(hex(first.subarray(0, 6))).toBe("000000000700");
    expect(first.byteLength).toBe(16);
    // Zig-zag varints: count 1 → 02, index 2 → 04.
    const third = schemaRegistryFrame(bytes(10), 7, [2]);
    expect(hex(third.subarray(0, 7))).toBe("00000000070204");
    expect(third.byteLength).toBe(17);
  });

  it("NDJSON: the JSON text and 0a (1 B); a text holding a newline is refused", () => {
    const line = ndjsonLine(Buffer.from('{"a":1}'));
    expect(Buffer.from(line).toString()).toBe('{"a":1}\n');
    expect(() => ndjsonLine(Buffer.from('{\n"a":1}'))).toThrow(/newline/);
  });

  it("MessagePack and CBOR sequences add nothing, and decode back into the same messages", () => {
    const values = [{ a: 1 }, [1, 2, "x"], "str", 42];
    const packr = new Packr({ useRecords: false });
    const mp = values.map((v) => packr.pack(v));
    const mpSeq = selfDelimitedSequence(mp);
    expect(mpSeq.byteLength).toBe(mp.reduce((n, m) => n + m.byteLength, 0));
    expect(packr.unpackMultiple(Buffer.from(mpSeq))).toEqual(values);
    const cbor = [Buffer.from("a16161 01".replace(" ", ""), "hex"), Buffer.from("83010203", "hex")];
    const cborSeq = selfDelimitedSequence(cbor);
    expect(cborSeq.byteLength).toBe(4 + 4);
    expect(decodeMultiple(Buffer.from(cborSeq))).toEqual([{ a: 1 }, [1, 2, 3]]);
  });
});

describe("framedSizes picks the framings a format ships with", () => {
  const messages = [bytes(10), bytes(200)];
  const raw = 210;

  it("every format: gRPC (+5 B each) and varint-delimited (+1 B, +2 B)", async () => {
    const f = await framedSizes(messages, { id: "thrift-compact", format: "thrift" });
    expect(f).toEqual({ grpc: raw + 10, "varint-delimited": raw + 3 });
  });

  it("JSON: NDJSON (+1 B each) and schema registry (+5 B each)", async () => {
    const json = [Buffer.from('{"a":1}'), Buffer.from("[]")];
    const f = await framedSizes(json, { id: "json", format: "json" });
    expect(f.ndjson).toBe(9 + 2);
    expect(f["schema-registry"]).toBe(9 + 10);
  });

  it("MessagePack: a sequence of exactly the raw bytes", async () => {
    const f = await framedSizes(messages, { id: "msgpackr-records", format: "msgpack" });
    expect(f["msgpack-sequence"]).toBe(raw);
    expect(f["cbor-sequence"]).toBeUndefined();
  });

  it("Protobuf: 6 B per message when the root is the .proto's first message, 7 B when third", async () => {
    const proto =
      'syntax = "proto3";\npackage p;\nmessage A { int32 x = 1; }\nmessage B { A a = 1; }\nmessage C { B b = 1; }\n';
    const artifacts = [{ name: "schema.proto", kind: "schema" as const, text: proto }];
    expect(protobufRootIndexes(proto, "C")).toEqual([2]);
    const first = await framedSizes(messages, { id: "protobuf", format: "protobuf", artifacts }, "A");
    expect(first["schema-registry"]).toBe(raw + 12);
    const third = await framedSizes(messages, { id: "protobuf", format: "protobuf", artifacts }, "C");
    expect(third["schema-registry"]).toBe(raw + 14);
    // An unknown root gives no registry size rather than a guessed one.
    const unknown = await framedSizes(messages, { id: "protobuf", format: "protobuf", artifacts }, "Z");
    expect(unknown["schema-registry"]).toBeUndefined();
  });
});
