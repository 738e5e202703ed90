import type { IrSchema, IrType } from "../ir.ts";
import { namedTypes } from "./adapt-ir.ts";
import type { EmittedSchema } from "./emitted-schema.ts";

/**
 * The user's own schema text (a .proto or .avsc the IR was imported from) as an EmittedSchema, so a
 * codec measures exactly what the user wrote: the IR's field names and enum symbols are the
 * schema's own, so every name maps to itself. `view` is the IR as that schema sees it (for a .proto,
 * well-known wrapper messages as records); it defaults to the IR itself.
 */
export function asWritten(schema: IrSchema, fileName: string, view: IrType = schema.root): EmittedSchema {
  const original = schema.original;
  if (!original) throw new Error("the schema has no original text");
  const types: Record<string, string> = {};
  const fields: Record<string, Record<string, string>> = {};
  const enumSymbols: Record<string, Record<string, string>> = {};
  for (const t of namedTypes(schema.root)) {
    types[t.name] = t.name;
    if (t.kind === "enum") enumSymbols[t.name] = Object.fromEntries(t.symbols.map((s) => [s, s]));
    else fields[t.name] = Object.fromEntries(t.fields.map((f) => [f.name, f.name]));
  }
  return {
    idl: original.idl,
    fileName,
    text: original.text,
    rootType: original.rootType,
    types,
    fields,
    enumSymbols,
    notes: [`measured with the .${original.idl} as written (no re-emitted schema)`],
    limitations: [],
    renames: [],
    ir: { ...schema, root: view },
  };
}
