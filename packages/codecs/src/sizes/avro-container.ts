import { createHash } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import { compress as zstdCompress } from "@bokuweb/zstd-wasm";
import avro from "avsc";
import { ZSTD_LEVEL } from "./compressed-sizes.ts";

/**
 * Avro object container files (the Avro specification, "Object Container Files") built from datums
 * already encoded by the Avro adapter, so the file holds exactly the measured bytes: a header (magic
 * "Obj\x01", metadata map with avro.schema and avro.codec, 16-byte sync marker), then blocks of
 * (long count, long byte size, data, sync marker).
 */

/** Codecs the specification names and Wirebench writes (snappy and others are optional; not written). */
export const AVRO_CONTAINER_CODECS = ["null", "deflate", "zstandard"] as const;
export type AvroContainerCodec = (typeof AVRO_CONTAINER_CODECS)[number];

/**
 * A block is written once its uncompressed data reaches this many bytes: the sync interval of Java's
 * DataFileWriter (DataFileConstants.DEFAULT_SYNC_INTERVAL), the reference implementation.
 */
export const AVRO_SYNC_INTERVAL_BYTES = 64_000;

const headerType = avro.Type.forSchema({
  type: "record",
  name: "org.apache.avro.file.Header",
  fields: [
    { name: "magic", type: { type: "fixed", name: "Magic", size: 4 } },
    { name: "meta", type: { type: "map", values: "bytes" } },
    { name: "sync", type: { type: "fixed", name: "Sync", size: 16 } },
  ],
});
const longType = avro.Type.forSchema("long");

// Raw deflate (RFC 1951, no zlib header) as the specification requires; zstd at the level used elsewhere.
const compressBlock: Record<AvroContainerCodec, (data: Buffer) => Uint8Array> = {
  null: (data) => data,
  deflate: (data) => deflateRawSync(data),
  zstandard: (data) => zstdCompress(data, ZSTD_LEVEL),
};

export interface AvroContainer {
  file: Buffer;
  headerBytes: number;
  blocks: number;
}

/**
 * The container file holding `datums` (each one Avro-encoded value of `schemaJson`) with `codec`.
 * zstandard needs @bokuweb/zstd-wasm initialised (compressed-sizes.ts does it). The sync marker is
 * derived from the schema so that the same input always gives the same file.
 */
export function avroContainer(
  schemaJson: string,
  datums: Uint8Array[],
  codec: AvroContainerCodec,
  syncInterval = AVRO_SYNC_INTERVAL_BYTES,
): AvroContainer {
  // The writer's schema as compact JSON, as Java's Schema.toString() writes it.
  const schemaText = JSON.stringify(JSON.parse(schemaJson));
  const sync = createHash("sha256").update(schemaText).digest().subarray(0, 16);
  const header = headerType.toBuffer({
    magic: Buffer.from("Obj\x01", "latin1"),
    meta: { "avro.schema": Buffer.from(schemaText), "avro.codec": Buffer.from(codec) },
    sync,
  });
  const parts: Uint8Array[] = [header];
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let blocks = 0;
  const flush = () => {
    if (pending.length === 0) return;
    const data = compressBlock[codec](Buffer.concat(pending));
    parts.push(longType.toBuffer(pending.length), longType.toBuffer(data.byteLength), data, sync);
    blocks += 1;
    pending = [];
    pendingBytes = 0;
  };
  for (const datum of datums) {
    pending.push(datum);
    pendingBytes += datum.byteLength;
    if (pendingBytes >= syncInterval) flush();
  }
  flush();
  return { file: Buffer.concat(parts), headerBytes: header.byteLength, blocks };
}
