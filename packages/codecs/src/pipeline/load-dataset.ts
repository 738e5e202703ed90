import { extname } from "node:path";
import {
  type Dataset,
  type DataValue,
  type IrSchema,
  importAvsc,
  importJsonSchema,
  importProto,
  inferDataset,
  parseJsonLossless,
  SchemaImportError,
} from "@wirebench/schemas";
import protobuf from "protobufjs";
import { conformToSchema } from "../schema-bridge/conform-sample.ts";

export type SchemaKind = "jsonschema" | "proto" | "avsc";

export interface SampleInput {
  /** Sample text: a JSON document, a JSON array of records, or NDJSON. */
  text: string;
  sampleFormat?: "json" | "ndjson";
  /** The schema the sample must follow; inferred from the sample when absent. */
  schema?: { kind: SchemaKind; text: string; rootType?: string };
}

/** `.proto` → proto, `.avsc` → avsc, anything else JSON Schema. */
export function schemaKindOf(fileName: string): SchemaKind {
  const ext = extname(fileName).toLowerCase();
  return ext === ".proto" ? "proto" : ext === ".avsc" ? "avsc" : "jsonschema";
}

export function importSchema(s: NonNullable<SampleInput["schema"]>): IrSchema {
  if (s.kind === "proto") {
    try {
      return importProto(s.text, s.rootType);
    } catch (err) {
      // A mistyped root is only fixable when the user can see which messages the file has.
      const wanted = s.rootType;
      const names = wanted === undefined ? undefined : protoMessageNames(s.text);
      // Same match as importProto (full name or short name): any other failure keeps its own message.
      if (names && !names.some((n) => n === wanted || n.split(".").pop() === wanted))
        throw new SchemaImportError(
          `.proto has no message named ${s.rootType}; choose from ${names.join(", ")}`,
        );
      throw err;
    }
  }
  if (s.kind === "avsc") return importAvsc(s.text);
  return importJsonSchema(s.text);
}

/**
 * Full names (without the leading dot) of the messages a .proto declares, nested ones included and
 * google.protobuf types left out; undefined when the text does not parse (importProto says why).
 */
export function protoMessageNames(text: string): string[] | undefined {
  let root: protobuf.Root;
  try {
    root = protobuf.parse(text, new protobuf.Root(), { keepCase: true }).root;
  } catch {
    return undefined;
  }
  const names: string[] = [];
  const walk = (ns: protobuf.NamespaceBase) => {
    for (const n of ns.nestedArray) {
      if (n instanceof protobuf.Type && !n.fullName.startsWith(".google.protobuf."))
        names.push(n.fullName.slice(1));
      if (n instanceof protobuf.Namespace || n instanceof protobuf.Type) walk(n);
    }
  };
  walk(root);
  return names;
}

/**
 * The dataset a comparison runs on: inferred from the sample, or the sample read against a given
 * schema. With a schema, NDJSON lines and the items of a top-level array (when the schema's root is
 * not an array) are the messages.
 */
export function loadDataset(input: SampleInput): Dataset {
  if (!input.schema)
    return inferDataset(input.text, input.sampleFormat ? { sampleFormat: input.sampleFormat } : {});
  const schema = importSchema(input.schema);
  let values: DataValue[];
  if (input.sampleFormat === "ndjson") {
    values = input.text
      .split("\n")
      .map((l, i) => [l.trim(), i] as const)
      .filter(([l]) => l !== "")
      .map(([l, i]) => {
        try {
          return parseJsonLossless(l);
        } catch (err) {
          throw new Error(`line ${i + 1}: ${(err as Error).message}`);
        }
      });
  } else {
    const doc = parseJsonLossless(input.text);
    const root = schema.root.kind === "nullable" ? schema.root.type : schema.root;
    values = Array.isArray(doc) && root.kind !== "array" ? doc : [doc];
  }
  if (values.length === 0) throw new Error("the sample has no messages");
  const messages = values.map((v, i) => {
    try {
      return conformToSchema(schema.root, v);
    } catch (err) {
      throw new Error(
        `${values.length > 1 ? `message ${i}: ` : ""}the sample does not follow the schema: ${(err as Error).message}`,
      );
    }
  });
  return { schema, messages };
}
