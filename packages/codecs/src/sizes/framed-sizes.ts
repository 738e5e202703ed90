import type { Artifact } from "@wirebench/contracts/result";
import protobuf from "protobufjs";
import { ensureZstd } from "./compressed-sizes.ts";
import {
  grpcFrame,
  ndjsonLine,
  SCHEMA_REGISTRY_EXAMPLE_ID,
  schemaRegistryFrame,
  selfDelimitedSequence,
  varintDelimited,
} from "./frame-message.ts";

/** What decides which framings a format can ship with. */
export interface FramingContext {
  /** Registry id, e.g. `protobuf`, `protobuf-json`, `msgpackr-records`. */
  id: string;
  format: string;
  /** The format's schema artifacts (the .avsc of a container file, the .proto of registry indexes). */
  artifacts?: Artifact[];
}

/** Formats whose messages are one JSON text each: NDJSON lines can carry them. */
const JSON_TEXT_IDS = new Set(["json", "protobuf-json"]);
/** Formats a schema registry (Confluent's serializers: Avro, Protobuf, JSON Schema) carries. */
const REGISTRY_IDS = new Set(["json", "avro", "protobuf"]);

const sum = (frames: Uint8Array[]) => frames.reduce((n, f) => n + f.byteLength, 0);
const schemaText = (ctx: FramingContext, suffix: string) =>
  ctx.artifacts?.find((a) => a.kind === "schema" && a.name.endsWith(suffix))?.text;

/**
 * Confluent's message indexes of the root message: its position among the top-level messages of
 * the .proto, or undefined when the .proto cannot tell which message is the root (then no
 * registry size is reported rather than a guessed one).
 */
export function protobufRootIndexes(protoText: string, rootName: string): number[] | undefined {
  const parsed = protobuf.parse(protoText, { keepCase: true });
  const ns = parsed.package ? parsed.root.lookup(parsed.package) : parsed.root;
  const messages = (ns as protobuf.Namespace | null)?.nestedArray.filter((t) => t instanceof protobuf.Type);
  const index = messages?.findIndex((t) => t.name === rootName) ?? -1;
  return index < 0 ? undefined : [index];
}

/**
 * Bytes of the whole dataset in every framing that applies to this format (keys are the framing
 * names of docs/framing.md). Per-message framings are summed over messages; container files and
 * sequences are one stream for the dataset.
 */
export async function framedSizes(
  encoded: Uint8Array[],
  ctx: FramingContext,
  rootName?: string,
): Promise<Record<string, number>> {
  const framed: Record<string, number> = {
    grpc: sum(encoded.map(grpcFrame)),
    "varint-delimited": sum(encoded.map(varintDelimited)),
  };
  if (REGISTRY_IDS.has(ctx.id)) {
    const proto = ctx.id === "protobuf" ? schemaText(ctx, ".proto") : undefined;
    const indexes = proto && rootName ? protobufRootIndexes(proto, rootName) : undefined;
    if (ctx.id !== "protobuf" || indexes) {
      framed["schema-registry"] = sum(
        encoded.map((m) => schemaRegistryFrame(m, SCHEMA_REGISTRY_EXAMPLE_ID, indexes)),
      );
    }
  }
  if (JSON_TEXT_IDS.has(ctx.id)) {
    // A message holding a newline simply has no NDJSON size.
    try {
      framed.ndjson = sum(encoded.map(ndjsonLine));
    } catch {}
  }
  if (ctx.format === "msgpack") framed["msgpack-sequence"] = selfDelimitedSequence(encoded).byteLength;
  if (ctx.format === "cbor") framed["cbor-sequence"] = selfDelimitedSequence(encoded).byteLength;
  const avsc = ctx.id === "avro" ? schemaText(ctx, ".avsc") : undefined;
  if (avsc) {
    // avsc loads for Avro alone: every measurement child imports this module.
    const { AVRO_CONTAINER_CODECS, avroContainer } = await import("./avro-container.ts");
    await ensureZstd();
    for (const codec of AVRO_CONTAINER_CODECS) {
      framed[`avro-container-${codec}`] = avroContainer(avsc, encoded, codec).file.byteLength;
    }
  }
  return framed;
}
