import type { IrSchema, IrType, RecordField, RecordType } from "../ir.ts";
import { type IdentifierRules, IdentifierScope, styleName } from "../naming/identifiers.ts";
import { setOwn } from "../naming/set-own.ts";
import type { AdaptedSchema, IdlCapabilities, IdlNaming, Rename } from "./adapted-schema.ts";

export {
  type AdaptedSchema,
  adaptedParts,
  type IdlCapabilities,
  type IdlNaming,
  type Rename,
} from "./adapted-schema.ts";
export { namedTypes } from "./named-types.ts";

/** Values held inline (not behind a pointer or offset that can be null) in binary IDLs. */
const isScalar = (t: IrType) =>
  ["bool", "int32", "int64", "uint32", "uint64", "float32", "float64", "timestamp", "enum"].includes(t.kind);
const unwrap = (t: IrType) => (t.kind === "nullable" ? t.type : t);

/**
 * Rewrites an IR for one IDL: every name through the IDL's identifier rules (keeping a mapping back
 * to the originals) and every nesting the IDL cannot express through a wrapper record.
 */
export function adaptIr(schema: IrSchema, caps: IdlCapabilities, naming: IdlNaming): AdaptedSchema {
  const typeScope = new IdentifierScope(naming.types);
  const out: AdaptedSchema = {
    schema,
    types: {},
    fields: {},
    enumSymbols: {},
    notes: [],
    limitations: [],
    renames: [],
  };
  const done = new Map<string, IrType>();
  const noted = new Set<string>();
  // Where in the IR the walk is (`Record.field`), for the limitations it finds.
  let where = schema.name;
  const note = (n: string, code: string) => {
    if (!noted.has(n)) out.notes.push(n);
    noted.add(n);
    const key = `${code} ${where}`;
    if (noted.has(key)) return;
    noted.add(key);
    out.limitations.push({ code, path: where, detail: n });
  };
  // Style changes follow the IDL's conventions and show in the emitted schema; anything else (a
  // reserved word, a collision) is a rename the user would not expect, so it is reported.
  const renamed = (kind: Rename["kind"], path: string, from: string, to: string, rules: IdentifierRules) => {
    if (to !== styleName(from, rules)) out.renames.push({ kind, path, from, to });
  };

  const wrapper = (name: string, kind: "list" | "value" | "entry", fields: RecordField[]): RecordType => ({
    kind: "record",
    name: typeScope.take(name),
    fields,
    wrapper: kind,
  });

  // What cannot be absent or null by itself, so holds its value in a record where the IDL has no null.
  const needsHolder = (t: IrType) =>
    isScalar(t) || (caps.presenceOnlyOfRecords === true && t.kind !== "record");

  const itemType = (t: IrType, hint: string): IrType => {
    let inner = adapt(t, hint);
    const base = inner.kind === "nullable" ? inner.type : inner;
    if (inner.kind === "nullable" && !caps.nullableItems) {
      note("null items are carried in a wrapper record with an optional `value`", "null-item-wrapped");
      // A scalar has no presence where nullable scalars are not allowed (Cap'n Proto): it is held in
      // a record of its own, a pointer that can be left null.
      const held =
        !caps.nullableScalars && needsHolder(base)
          ? wrapper(`${hint}Scalar`, "value", [{ name: "value", number: 1, type: base, optional: false }])
          : base;
      inner = wrapper(`${hint}Value`, "value", [{ name: "value", number: 1, type: held, optional: true }]);
    } else if (
      !caps.nestedArrays &&
      (base.kind === "array" ||
        (base.kind === "map" && caps.maps) ||
        (base.kind === "bytes" && caps.bytesIsVector))
    ) {
      note("nested lists are carried in wrapper records with one `items` field", "nested-list-wrapped");
      inner = wrapper(`${hint}List`, "list", [{ name: "items", number: 1, type: inner, optional: false }]);
    }
    return inner;
  };

  function adapt(t: IrType, hint: string): IrType {
    switch (t.kind) {
      case "record": {
        const known = done.get(t.name);
        if (known) return known;
        const rec: RecordType = { kind: "record", name: typeScope.take(t.name), fields: [] };
        renamed("type", t.name, t.name, rec.name, naming.types);
        done.set(t.name, rec);
        setOwn(out.types, t.name, rec.name);
        const scope = new IdentifierScope(naming.fields);
        const map: Record<string, string> = {};
        setOwn(out.fields, t.name, map);
        const outer = where;
        for (const f of t.fields) {
          where = `${t.name}.${f.name}`;
          if (!caps.nullType && unwrap(f.type).kind === "null") {
            // Always null: nothing to carry. The codec leaves the field out and reads it back as null.
            note(
              "fields of type null are left out of the schema (0 bytes; they read back as null)",
              "null-field-omitted",
            );
            continue;
          }
          const idlName = scope.take(f.name);
          renamed("field", t.name, f.name, idlName, naming.fields);
          setOwn(map, f.name, idlName);
          let ft = adapt(f.type, `${t.name}${f.name.charAt(0).toUpperCase()}${f.name.slice(1)}`);
          const base = unwrap(ft);
          if (!caps.nullableScalars && needsHolder(base) && (ft.kind === "nullable" || f.optional)) {
            note(
              "nullable and optional scalars are carried in a wrapper record with one `value` field",
              "optional-scalar-wrapped",
            );
            ft = wrapper(`${t.name}${idlName.charAt(0).toUpperCase()}${idlName.slice(1)}Value`, "value", [
              { name: "value", number: 1, type: base, optional: false },
            ]);
          }
          const field: RecordField = { name: idlName, number: f.number, type: ft, optional: f.optional };
          if (f.doc) field.doc = f.doc;
          rec.fields.push(field);
        }
        where = outer;
        return rec;
      }
      case "enum": {
        const known = done.get(t.name);
        if (known) return known;
        const name = typeScope.take(t.name);
        renamed("type", t.name, t.name, name, naming.types);
        const scope = new IdentifierScope(naming.symbols);
        const symbols: Record<string, string> = {};
        const prefix = `${styleName(name, { ...naming.symbols, style: "UPPER_SNAKE" })}_`;
        const idlSymbols = t.symbols.map((s) => {
          // Qualified once: symbols imported from a .proto usually carry the enum's prefix already.
          const qualified = naming.symbols.qualify && !s.startsWith(prefix) ? `${name}_${s}` : s;
          const id = scope.take(qualified);
          renamed("symbol", t.name, qualified, id, naming.symbols);
          setOwn(symbols, s, id);
          return id;
        });
        const byPosition = t.values?.some((v, i) => v !== i);
        if (byPosition && !caps.enumValues) {
          const outer = where;
          where = t.name;
          note(
            "enum symbols are numbered by their position: the numbers (and aliases) of the source are not kept",
            "enum-numbers-as-positions",
          );
          where = outer;
        }
        const e: IrType = {
          kind: "enum",
          name,
          symbols: idlSymbols,
          ...(t.values && caps.enumValues ? { values: t.values } : {}),
        };
        done.set(t.name, e);
        setOwn(out.types, t.name, name);
        setOwn(out.enumSymbols, t.name, symbols);
        return e;
      }
      case "array":
        return { kind: "array", items: itemType(t.items, hint) };
      case "map": {
        if (!caps.maps) {
          note("maps are carried as lists of key/value entry records", "map-as-entries");
          const value = adapt(t.values, `${hint}Value`);
          return {
            kind: "array",
            items: wrapper(`${hint}Entry`, "entry", [
              { name: "key", number: 1, type: { kind: "string" }, optional: false },
              { name: "value", number: 2, type: value, optional: false },
            ]),
          };
        }
        let values = caps.complexMapValues
          ? adapt(t.values, `${hint}Value`)
          : itemType(t.values, `${hint}Value`);
        const base = unwrap(values);
        if (!caps.complexMapValues && (base.kind === "array" || base.kind === "map") && values === base) {
          values = wrapper(`${hint}ValueList`, "list", [
            { name: "items", number: 1, type: values, optional: false },
          ]);
        }
        return { kind: "map", values };
      }
      case "nullable":
        return { kind: "nullable", type: adapt(t.type, hint) };
      case "union":
        note("unions are carried as JSON text", "union-as-json");
        return { kind: "any" };
      case "any":
        note("values of no single type (heterogeneous data) are carried as JSON text", "any-as-json");
        return { kind: "any" };
      case "null":
        if (caps.nullType) return t;
        note("a null type outside a field (array item, map value) is carried as JSON text", "null-as-json");
        return { kind: "any" };
      default:
        return t;
    }
  }

  const root = adapt(schema.root, schema.name);
  out.schema = { ...schema, root, name: root.kind === "record" ? root.name : schema.name };
  return out;
}
