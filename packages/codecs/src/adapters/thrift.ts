// The declaration of the untyped `thrift` module, for packages that type-check this file through the runtime bridge.
/// <reference path="../types/thrift.d.ts" />
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import {
  type Dataset,
  type DataValue,
  type EmittedSchema,
  emitThrift,
  type IrType,
} from "@wirebench/schemas";
import thrift from "thrift";
import { generateOnce } from "../codegen/generate-once.ts";
import { linkModules, packageDir } from "../codegen/link-modules.ts";
import { runCompiler } from "../codegen/run-compiler.ts";
import { IdlValueMapper } from "../schema-bridge/idl-value.ts";
import { normalizeInt } from "../schema-bridge/ir-walk.ts";
import { withOwnSchema } from "../schema-bridge/own-schema.ts";
import { asBuffer, defineKey } from "./convert-values.ts";
import { schemaReport } from "./schema-report.ts";
import type { Adapter, PreparedCodec, Unsupported } from "./types.ts";

/** A generated js:node struct: its fields are own properties named as in the IDL. */
interface ThriftStruct {
  write(out: unknown): void;
  read(input: unknown): void;
  [field: string]: unknown;
}
type StructClass = new (args?: unknown) => ThriftStruct;
type ProtocolClass = new (transport: unknown) => unknown;

/**
 * The official compiler (`thrift --gen js:node`) into the work directory. The generated code requires
 * `thrift` and `node-int64`, which are linked into the work directory's node_modules.
 */
function generateCode(emitted: EmittedSchema, workDir: string): Promise<void> {
  return generateOnce(workDir, async () => {
    const idlPath = join(workDir, emitted.fileName);
    const gen = join(workDir, "gen-js");
    writeFileSync(idlPath, emitted.text);
    mkdirSync(gen, { recursive: true });
    await runCompiler("thrift", ["--gen", "js:node", "-out", gen, idlPath], {
      debianPackage: "thrift-compiler",
    });
    const thriftDir = packageDir("thrift");
    linkModules(workDir, {
      thrift: thriftDir,
      "node-int64": packageDir("node-int64", join(thriftDir, "package.json")),
    });
  });
}

/** The generated types module, loaded from the work dir, and its source as an artifact. */
async function loadGenerated(
  emitted: EmittedSchema,
  workDir: string,
): Promise<{ types: Record<string, unknown>; files: { name: string; text: string }[] }> {
  await generateCode(emitted, workDir);
  const gen = join(workDir, "gen-js");
  const file = readdirSync(gen).find((f) => f.endsWith("_types.js"));
  if (!file) throw new Error("thrift generated no *_types.js");
  const path = join(gen, file);
  const types = createRequire(path)(path) as Record<string, unknown>;
  return { types, files: [{ name: `gen-js/${file}`, text: readFileSync(path, "utf8") }] };
}

/** Apache Thrift structs from generated code, written with the binary or compact protocol in memory. */
export async function prepareThrift(
  dataset: Dataset,
  emitted: EmittedSchema,
  workDir: string,
  protocol: "binary" | "compact",
): Promise<PreparedCodec> {
  const { types, files } = await loadGenerated(emitted, workDir);
  const Root = types[emitted.rootType] as StructClass | undefined;
  if (typeof Root !== "function") throw new Error(`generated code has no struct ${emitted.rootType}`);
  const Protocol: ProtocolClass = protocol === "binary" ? thrift.TBinaryProtocol : thrift.TCompactProtocol;
  const mapper = new IdlValueMapper(emitted, {
    enums: "number",
    toLeaf: (v) => {
      if (typeof v === "bigint") return thrift.fromBigInt(v);
      if (v instanceof Uint8Array && !Buffer.isBuffer(v)) return Buffer.from(v);
      return v;
    },
    fromLeaf: (v) => {
      if (v instanceof thrift.Int64) return normalizeInt(thrift.toBigInt(v));
      return v as DataValue;
    },
  });
  const orig = dataset.schema.root;
  const idl = emitted.ir.root;
  // thrift's js:node constructors copy a list or map of the struct being defined as plain objects
  // (the generator writes `null` for its own class in a recursive struct), so every struct instance
  // is built here from the IDL's IR instead.
  const instance = (t: IrType, v: unknown): unknown => {
    if (v === null || v === undefined) return v;
    if (t.kind === "nullable") return instance(t.type, v);
    if (t.kind === "array") return (v as unknown[]).map((x) => instance(t.items, x));
    if (t.kind === "map") {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v as object))
        defineKey(out, k, instance(t.values, (v as Record<string, unknown>)[k]));
      return out;
    }
    if (t.kind !== "record") return v;
    const Struct = types[t.name] as StructClass | undefined;
    if (typeof Struct !== "function") throw new Error(`generated code has no struct ${t.name}`);
    const s = new Struct();
    for (const f of t.fields) {
      const fv = (v as Record<string, unknown>)[f.name];
      if (fv !== undefined) s[f.name] = instance(f.type, fv);
    }
    return s;
  };
  const inputs = dataset.messages.map((m) => instance(idl, mapper.toIdl(orig, idl, m)));
  let out: Buffer = Buffer.alloc(0);
  const transport = new thrift.TBufferedTransport(undefined, (b: Buffer) => {
    out = b;
  });
  const writer = new Protocol(transport);
  return {
    inputs,
    encode: (s) => {
      (s as ThriftStruct).write(writer);
      transport.flush();
      return out;
    },
    decode: (b) => {
      const s = new Root();
      s.read(new Protocol(new thrift.TFramedTransport(asBuffer(b))));
      return s;
    },
    toPlain: (d) => mapper.fromIdl(orig, idl, d),
    artifacts: [
      { name: emitted.fileName, kind: "schema", text: emitted.text },
      ...files.map((f) => ({ ...f, kind: "generated" as const })),
    ],
    ...schemaReport(emitted),
    notes: [
      ...emitted.notes,
      `${protocol} protocol over an in-memory transport; i64 beyond 2^53 as node-int64`,
    ],
  };
}

/**
 * Why Thrift cannot take this dataset, or undefined when it can. Untyped data never reaches here:
 * the registry's `schema` flag turns it away (registry/require-schema.ts).
 */
function unsupportedReason(dataset: Dataset): string | undefined {
  if (dataset.schema.root.kind !== "record") return "Thrift messages are structs; the root is not a record";
  return undefined;
}

/**
 * The user's own .thrift when the IR came from one (its i8/i16 widths, ids, requiredness and
 * defaults), so the bytes are Apache Thrift's; thrift 0.17 writes JavaScript that does not load for
 * a few constants (a map keyed by negative doubles), and then the emitted schema is measured.
 */
const ownThrift = { idl: "thrift", emit: emitThrift } as const;

function thriftAdapter(protocol: "binary" | "compact"): Adapter {
  return {
    async generate(dataset, ctx) {
      if (!unsupportedReason(dataset))
        await withOwnSchema(dataset, ctx.workDir, ownThrift, async (emitted, dir) => {
          await generateCode(emitted, dir);
          // Loading is where invalid generated JavaScript shows; do it here so prepare falls back alike.
          await loadGenerated(emitted, dir);
        });
    },
    async prepare(dataset, ctx): Promise<PreparedCodec | Unsupported> {
      const unsupported = unsupportedReason(dataset);
      if (unsupported) return { unsupported };
      const { value, fallback } = await withOwnSchema(dataset, ctx.workDir, ownThrift, (emitted, dir) =>
        prepareThrift(dataset, emitted, dir, protocol),
      );
      if (fallback) value.notes = [fallback, ...(value.notes ?? [])];
      return value;
    },
  };
}

export const thriftBinaryAdapter = thriftAdapter("binary");
export const thriftCompactAdapter = thriftAdapter("compact");
