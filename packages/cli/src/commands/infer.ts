import { createReadStream, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { idlCompilers } from "@wirebench/idl-compilers";
import {
  type EmittedSchema,
  emitAvsc,
  emitCapnp,
  emitColfer,
  emitFbs,
  emitJsonSchema,
  emitProto,
  emitThrift,
  type IrSchema,
  type IrType,
  importSchema,
  inferSchemaStream,
  JsonInputError,
} from "@wirebench/schemas";
import {
  detectInput,
  jsonSchemaTopKeys,
  type SchemaKind,
  sampleFormatOf,
  schemaKindByExtension,
} from "@wirebench/schemas/detect";
import { type Command, Option } from "commander";
import pc from "picocolors";
import { readText } from "../ci/read-input.ts";
import { printable } from "../output/printable.ts";

const emitters: Record<string, (s: IrSchema) => EmittedSchema> = {
  proto: emitProto,
  avsc: emitAvsc,
  fbs: emitFbs,
  capnp: emitCapnp,
  thrift: emitThrift,
  colf: emitColfer,
  jsonschema: emitJsonSchema,
};

/**
 * The schema of a JSON or NDJSON sample, inferred while the file streams in: the file is never
 * held whole, nor turned into a tree.
 */
async function inferFile(file: string, sampleFormat: "json" | "ndjson"): Promise<IrSchema> {
  try {
    return await inferSchemaStream(createReadStream(file), { sampleFormat });
  } catch (err) {
    const { syscall, code } = err as NodeJS.ErrnoException;
    if (syscall) throw new Error(`cannot read ${file}: ${code}`);
    throw err;
  }
}

/**
 * What a file is, by the detector the upload form and the run API use (@wirebench/schemas/detect):
 * an IDL by extension, .ndjson/.jsonl samples, and a .json file a JSON Schema when its content says
 * so. A sample is inferred while it streams in; the file is read whole and given to the detector only
 * when it could be a JSON Schema: its top names a schema keyword, or it is no valid sample
 * (JSON.parse accepts repeated keys that the lossless sample reader refuses).
 */
export async function readSchemaOrSample(file: string, rootType?: string): Promise<IrSchema> {
  // importSchema refuses a root where a schema has only one; a sample has no schema to pass it to.
  const imported = (kind: SchemaKind, text = readText(file)) =>
    importSchema({ kind, text, ...(rootType !== undefined ? { rootType } : {}) }, {}, idlCompilers);
  const noRoot = () => new Error("--root needs a .proto, .thrift, .fbs or .capnp file");
  const kind = schemaKindByExtension(file);
  if (kind) return imported(kind);
  if (sampleFormatOf(file) === "ndjson") {
    if (rootType !== undefined) throw noRoot();
    return inferFile(file, "ndjson");
  }
  let sample: IrSchema | undefined;
  let sampleError: unknown = noRoot();
  if (rootType === undefined) {
    try {
      sample = await inferFile(file, "json");
    } catch (err) {
      if (!(err instanceof JsonInputError)) throw err;
      sampleError = err;
    }
  }
  const { root } = sample ?? {};
  if (!root || (root.kind === "record" && root.fields.some((f) => jsonSchemaTopKeys.has(f.name)))) {
    const text = readText(file);
    // Outside a try, so a schema the importer refuses reports why instead of becoming a sample.
    if (detectInput(file, text).type === "schema") return imported("jsonschema", text);
  }
  if (!sample) throw sampleError;
  return sample;
}

/** One line per field: `name?: type`, with enums, maps, nullables and int64 marked. */
/** How a .proto integer travels, when it is not a plain varint. */
const wire = (encoding: string | undefined) => (encoding ? pc.dim(` [${encoding}]`) : "");

/**
 * What the schema or its emitted IDL cannot carry as written, and the names the IDL changed, as
 * lines for stderr. A note that repeats a limitation's detail is not printed twice.
 */
export function reportLines(schema: IrSchema, emitted?: EmittedSchema): string[] {
  const limitations = [...(schema.limitations ?? []), ...(emitted?.limitations ?? [])];
  const details = new Set(limitations.map((l) => l.detail));
  return [
    ...(emitted?.notes ?? []).filter((n) => !details.has(n)).map((n) => pc.dim(`note: ${printable(n)}`)),
    ...limitations.map((l) => `limitation ${l.code} at ${printable(l.path)}: ${printable(l.detail)}`),
    ...(emitted?.renames ?? []).map(
      (r) => `renamed ${r.kind} ${printable(r.path)}.${printable(r.from)} → ${printable(r.to)}`,
    ),
  ];
}

export function renderTree(schema: IrSchema): string {
  const lines: string[] = [pc.bold(printable(schema.name))];
  const seen = new Set<string>();
  const label = (t: IrType): string => {
    switch (t.kind) {
      case "nullable":
        return `${label(t.type)} | null`;
      case "array":
        return `${label(t.items)}[]`;
      case "map":
        return `map<string, ${label(t.values)}>`;
      case "enum":
        return `enum ${printable(t.name)} {${t.symbols
          .slice(0, 6)
          .map((s) => printable(s))
          .join(", ")}${t.symbols.length > 6 ? ", …" : ""}}`;
      case "record":
        return printable(t.name);
      case "union":
        return t.variants.map(label).join(" | ");
      case "int64":
      case "uint64":
        return pc.yellow(`${t.kind} (exact beyond 2^53)${wire(t.encoding)}`);
      case "int32":
      case "uint32":
        return `${t.kind}${wire(t.encoding)}`;
      case "string":
        return t.format ? `string (${t.format})` : "string";
      default:
        return t.kind;
    }
  };
  const records = (t: IrType): IrType[] =>
    t.kind === "record"
      ? [t]
      : t.kind === "nullable"
        ? records(t.type)
        : t.kind === "array"
          ? records(t.items)
          : t.kind === "map"
            ? records(t.values)
            : [];
  const walk = (t: IrType, indent: string) => {
    if (t.kind !== "record" || seen.has(t.name)) return;
    seen.add(t.name);
    for (const f of t.fields) {
      lines.push(`${indent}${printable(f.name) || '""'}${f.optional ? pc.dim("?") : ""}: ${label(f.type)}`);
      for (const r of records(f.type)) walk(r, `${indent}  `);
    }
  };
  walk(schema.root, "  ");
  return lines.join("\n");
}

/** `wirebench infer <file> [--emit IDL] [-o DIR]`: the inferred or imported schema, as a tree or an IDL. */
export function registerInfer(program: Command): void {
  program
    .command("infer <file>")
    .description(
      "infer a schema from a JSON/NDJSON sample (or import .proto, .avsc, .thrift, .fbs, .capnp, JSON Schema) and print it",
    )
    .addOption(new Option("--emit <idl>", "print the schema in this IDL").choices(Object.keys(emitters)))
    .option("-o, --out <dir>", "write the emitted schema file into this folder")
    .option(
      "--root <type>",
      "with a .proto, .thrift, .fbs or .capnp: the type to start from (default: a .fbs root_type, else the one no other type uses)",
    )
    .action(async (file: string, opts: { emit?: string; out?: string; root?: string }) => {
      const schema = await readSchemaOrSample(file, opts.root);
      if (!opts.emit) {
        if (opts.out) throw new Error("-o needs --emit to say which IDL to write");
        console.log(renderTree(schema));
        for (const line of reportLines(schema)) console.error(line);
        return;
      }
      const emitted = emitters[opts.emit]!(schema);
      if (opts.out) {
        mkdirSync(opts.out, { recursive: true });
        const path = join(opts.out, emitted.fileName);
        writeFileSync(path, `${emitted.text}\n`);
        console.error(`wrote ${path}`);
      } else console.log(printable(emitted.text, { keepLines: true }));
      for (const line of reportLines(schema, emitted)) console.error(line);
    });
}
