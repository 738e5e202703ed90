import { type Artifact, runComparison } from "@wirebench/codecs";
import { idlCompilers } from "@wirebench/idl-compilers";
import {
  type EmittedSchema,
  emitCapnp,
  emitFbs,
  emitProto,
  emitThrift,
  type IrSchema,
  loadDataset,
  type SampleInput,
} from "@wirebench/schemas";
import type { CorpusDocument } from "./corpus.ts";

/** What Wirebench prints for one format on one document, and the bytes behind the number. */
export interface OurEncoding {
  id: string;
  /** `bytes` of the Result JSON: the number the table and the web page show. */
  printed?: number;
  /** The encoded message (`firstMessage`, uncapped here). */
  bytes?: Buffer;
  error?: string;
  artifacts: Artifact[];
  /** Root type of the schema Wirebench emitted for this format, which a reference must be told. */
  emittedRoot?: string;
}

/** The emitter behind each schema format, to learn its root type's IDL name (Avro's is the file). */
const emitters: Record<string, (s: IrSchema) => EmittedSchema> = {
  protobuf: emitProto,
  "thrift-binary": emitThrift,
  "thrift-compact": emitThrift,
  flatbuffers: emitFbs,
  capnp: emitCapnp,
  "capnp-packed": emitCapnp,
};

/** Room for any corpus document's message, so `firstMessage` is never truncated. */
const firstMessageMaxBytes = 64 * 1024 * 1024;

/**
 * Runs Wirebench's own pipeline (`runComparison`, as `wirebench compare` does, verify-only: no timing)
 * on one document and returns each format's printed size and encoded bytes. With `withSchema` the
 * document is read against its schema (`--schema`, `--root`); without, its schema is inferred.
 */
export async function ourEncodings(
  doc: CorpusDocument,
  formats: string[],
  withSchema: boolean,
  schemaText?: string,
): Promise<Map<string, OurEncoding>> {
  const out = new Map<string, OurEncoding>();
  let dataset: ReturnType<typeof loadDataset>;
  try {
    dataset = loadDataset(
      {
        text: doc.text,
        sampleFormat: "json",
        ...schemaInput(doc, withSchema, schemaText),
      },
      idlCompilers,
    );
  } catch (err) {
    const error = `reading the document: ${(err as Error).message.split("\n")[0]}`;
    for (const id of formats) out.set(id, { id, error, artifacts: [] });
    return out;
  }
  const result = await runComparison(dataset, { formats, verifyOnly: true, firstMessageMaxBytes });
  for (const f of result.formats) {
    const id = f.id ?? f.format;
    const entry: OurEncoding = { id, artifacts: f.artifacts ?? [] };
    const emit = emitters[id];
    if (emit && f.ok) entry.emittedRoot = emit(dataset.schema).rootType;
    if (!f.ok) entry.error = f.error ?? "failed";
    else {
      entry.printed = f.bytes;
      if (f.firstMessage) entry.bytes = Buffer.from(f.firstMessage.base64, "base64");
      else entry.error = "no firstMessage in the result";
    }
    out.set(id, entry);
  }
  return out;
}

function schemaInput(doc: CorpusDocument, withSchema: boolean, schemaText?: string): Partial<SampleInput> {
  const { kind, root } = doc.entry;
  if (!withSchema || kind === "none" || schemaText === undefined) return {};
  // importSchema takes a root only for a .proto (and the IDL importers that name one type of many).
  const rootType = root !== undefined && kind !== "avsc" && kind !== "jsonschema" ? { rootType: root } : {};
  return {
    schema: { kind: kind as NonNullable<SampleInput["schema"]>["kind"], text: schemaText, ...rootType },
  };
}
