import { type Dataset, type DataValue, type EmittedSchema, emitCapnp } from "@wirebench/schemas";
import * as capnp from "capnp-es";
import { IdlValueMapper } from "../schema-bridge/idl-value.ts";
import { normalizeInt } from "../schema-bridge/ir-walk.ts";
import { withOwnSchema } from "../schema-bridge/own-schema.ts";
import { compileStructCode } from "./capnp/compile-struct-code.ts";
import { isPointer, type Struct, type StructCtor, unwrap } from "./capnp/field-plans.ts";
import { loadCapnpCode } from "./capnp/generate-code.ts";
import { schemaReport } from "./schema-report.ts";
import type { Adapter, PreparedCodec } from "./types.ts";

/**
 * Cap'n Proto with capnp-es generated classes. Encode builds the message from the object (what an
 * application does) and serialises it unpacked or packed; decode reads every field back into an
 * object; access reads a few root fields straight from the bytes.
 */
export async function prepareCapnp(
  dataset: Dataset,
  emitted: EmittedSchema,
  workDir: string,
  packed: boolean,
): Promise<PreparedCodec> {
  const { mod, files } = await loadCapnpCode(emitted, workDir);
  const idl = emitted.ir.root;
  if (idl.kind !== "record") throw new Error("the Cap'n Proto root must be a struct");
  // A user's nested struct `Person.Phone` is `Person_Phone` in capnp-es's code.
  const Root = mod[emitted.rootType.replaceAll(".", "_")] as StructCtor | undefined;
  // In the user's own schema the IR's optional fields are exactly the members of a union.
  const unions = emitted.ir.original?.idl === "capnp" && emitted.text === emitted.ir.original.text;
  if (typeof Root !== "function") throw new Error(`generated code has no struct ${emitted.rootType}`);
  const code = compileStructCode(unions);
  const write = code.writer(idl);
  const read = code.reader(idl);

  const mapper = new IdlValueMapper(emitted, {
    enums: "number",
    keepAbsentOptionalNull: unions,
    fromLeaf: (v, t) => {
      if (typeof v === "bigint") return normalizeInt(v);
      if (t.kind === "bytes" && v instanceof Uint8Array) return v;
      return v as DataValue;
    },
  });
  const orig = dataset.schema.root;
  const inputs = dataset.messages.map((m) => mapper.toIdl(orig, idl, m));
  const skim = idl.fields
    .filter((f) => !isPointer(unwrap(f.type)) || unwrap(f.type).kind === "string")
    .slice(0, 3)
    .map((f) => f.name);
  const readSkim = code.fieldsReader(skim);
  return {
    inputs,
    encode: (o) => {
      const m = new capnp.Message();
      write(m.initRoot(Root) as Struct, o as Record<string, unknown>);
      return new Uint8Array(packed ? m.toPackedArrayBuffer() : m.toArrayBuffer());
    },
    decode: (b) => read(new capnp.Message(b, packed, false).getRoot(Root) as Struct),
    toPlain: (d) => mapper.fromIdl(orig, idl, d),
    access: (b) => readSkim(new capnp.Message(b, packed, false).getRoot(Root) as Struct),
    artifacts: [{ name: emitted.fileName, kind: "schema", text: emitted.text }, ...files],
    ...schemaReport(emitted),
    notes: [
      ...emitted.notes,
      `access reads ${skim.join(", ") || "no"} root field(s) without decoding the rest`,
    ],
  };
}

/**
 * The user's own .capnp when the IR came from one: capnp-es's code for it writes the schema's
 * ordinals, defaults, groups, unions and narrow integers as declared. When that code does not fit
 * the adapter, the emitted schema is measured and the notes say why. Untyped data never reaches
 * here: the registry's `schema` flag turns it away (registry/require-schema.ts).
 */
const ownCapnp = { idl: "capnp", emit: emitCapnp } as const;

function capnpAdapter(packed: boolean): Adapter {
  return {
    async generate(dataset, ctx) {
      await withOwnSchema(dataset, ctx.workDir, ownCapnp, (emitted, dir) => loadCapnpCode(emitted, dir));
    },
    async prepare(dataset, ctx): Promise<PreparedCodec> {
      const { value, fallback } = await withOwnSchema(dataset, ctx.workDir, ownCapnp, (emitted, dir) =>
        prepareCapnp(dataset, emitted, dir, packed),
      );
      if (fallback) value.notes = [fallback, ...(value.notes ?? [])];
      return value;
    },
  };
}

export const capnpUnpackedAdapter = capnpAdapter(false);
export const capnpPackedAdapter = capnpAdapter(true);
