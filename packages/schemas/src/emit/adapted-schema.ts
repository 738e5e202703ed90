import type { IrSchema, Limitation } from "../ir.ts";
import type { IdentifierRules } from "../naming/identifiers.ts";

/** What an IDL can nest directly; anything else is wrapped in a record (RecordType.wrapper). */
export interface IdlCapabilities {
  /** An array (or map) as the item of an array. */
  nestedArrays: boolean;
  /**
   * `bytes` is itself a vector (FlatBuffers `[ubyte]`), so without `nestedArrays` a list of bytes is
   * a nested list and is wrapped like one.
   */
  bytesIsVector?: boolean;
  /** `null` as an array item or map value. */
  nullableItems: boolean;
  /** An array, map or nullable as a map value. */
  complexMapValues: boolean;
  /** Native maps; otherwise a map becomes a list of key/value entry records. */
  maps: boolean;
  /** A nullable or optional scalar field; otherwise it is wrapped in a `value` record. */
  nullableScalars: boolean;
  /**
   * Only records (struct pointers) have presence (Colfer): an empty text, binary or list is the same
   * as an absent one, so without `nullableScalars` those are held in `value` records too.
   */
  presenceOnlyOfRecords?: boolean;
  /** A `null` type (Avro); otherwise a null-typed field is left out and reads back null. */
  nullType?: boolean;
  /**
   * Enum symbols with numbers of their own (protobuf); otherwise each symbol is numbered by its
   * position, so aliases (two symbols, one number) stay two values.
   */
  enumValues?: boolean;
}

/**
 * An identifier the IDL could not take as written for a reason other than its naming style: a
 * reserved word, or a collision with a name already taken (case-insensitive where the IDL's generated
 * code is). `kind` says which namespace; `path` is the enclosing IR type for fields and symbols.
 */
export interface Rename {
  kind: "type" | "field" | "symbol";
  path: string;
  from: string;
  to: string;
}

export interface IdlNaming {
  types: IdentifierRules;
  fields: IdentifierRules;
  /** Enum symbols; `qualify` prefixes them with the enum's name (protobuf's scoping rule). */
  symbols: IdentifierRules & { qualify?: boolean };
}

export interface AdaptedSchema {
  /** The IR as the IDL sees it: IDL identifiers, wrapper records added. */
  schema: IrSchema;
  types: Record<string, string>;
  fields: Record<string, Record<string, string>>;
  enumSymbols: Record<string, Record<string, string>>;
  notes: string[];
  limitations: Limitation[];
  renames: Rename[];
}

/** The EmittedSchema fields that come from the adaptation. */
export function adaptedParts(a: AdaptedSchema) {
  return {
    types: a.types,
    fields: a.fields,
    enumSymbols: a.enumSymbols,
    notes: a.notes,
    limitations: a.limitations,
    renames: a.renames,
    ir: a.schema,
  };
}
