import { SchemaImportError } from "../import/schema-import-error.ts";
import type { IrSchema, IrType } from "../ir.ts";

/**
 * Named limits on the size of a schema. Importers keep a type that several places use ($ref, a named
 * Avro or .proto type) as one shared object, so a small text can describe an enormous message: 8
 * fields per level that all use the next level, 6 levels deep, is 1.8 KB of JSON Schema and 262,144
 * leaves per message. Every walk that follows fields one by one (synthetic data, reading a sample,
 * code that expands the IR) pays for the expanded size, so it is bounded where the schema comes in.
 */
export interface SchemaLimits {
  /** Most leaf slots (scalars, enums, `any`) one message of the root type may have when every shared type is expanded (default 100,000). */
  maxSchemaLeaves: number;
  /** Most distinct records, enums and unions in one schema (default 10,000). */
  maxSchemaTypes: number;
}

export const defaultSchemaLimits: SchemaLimits = { maxSchemaLeaves: 100_000, maxSchemaTypes: 10_000 };

/** Sizes beyond this are reported as "more than"; counting never needs exact astronomic numbers. */
const saturated = Number.MAX_SAFE_INTEGER;

export interface SchemaSize {
  /** Leaf slots of one message with every shared type expanded where it is used (saturates at 2^53). */
  leaves: number;
  /** Distinct records, enums and unions. */
  types: number;
  /** Distinct type objects visited: the work the count itself took (one visit per shared type). */
  visited: number;
}

/**
 * Counts a schema's expanded size without expanding it: each type object is measured once and its
 * size reused wherever it is referenced again, so the work is linear in the schema's text.
 * A record, array or map is as large as what it holds; an empty record counts one slot.
 */
export function measureSchema(root: IrType): SchemaSize {
  const memo = new Map<IrType, number>();
  let types = 0;
  const size = (t: IrType): number => {
    const known = memo.get(t);
    if (known !== undefined) return known;
    // A recursive type (an Avro or .proto record that contains itself) is counted once where it
    // recurs: how deep a message nests is the sample's business, not the schema's.
    if (t.kind === "record") memo.set(t, 1);
    let n: number;
    switch (t.kind) {
      case "record":
        types++;
        n = t.fields.length === 0 ? 1 : 0;
        for (const f of t.fields) n = Math.min(saturated, n + size(f.type));
        break;
      case "union":
        types++;
        n = 0;
        for (const v of t.variants) n = Math.min(saturated, n + size(v));
        break;
      case "array":
        n = size(t.items);
        break;
      case "map":
        n = size(t.values);
        break;
      case "nullable":
        n = size(t.type);
        break;
      case "enum":
        types++;
        n = 1;
        break;
      default:
        n = 1;
    }
    memo.set(t, n);
    return n;
  };
  const leaves = size(root);
  return { leaves, types, visited: memo.size };
}

const count = (n: number) => (n >= saturated ? "more than 2^53" : n.toLocaleString("en-US"));

/**
 * Refuses a schema over the limits with a SchemaImportError that names the limit, so a caller can
 * report it as bad input (400, exit 2). `settingName` says how the user raises it (e.g. an env var).
 */
export function checkSchemaSize(
  schema: IrSchema,
  limits: Partial<SchemaLimits> = {},
  settingName: { leaves?: string; types?: string } = {},
): SchemaSize {
  const { maxSchemaLeaves, maxSchemaTypes } = { ...defaultSchemaLimits, ...limits };
  const size = measureSchema(schema.root);
  if (size.types > maxSchemaTypes)
    throw new SchemaImportError(
      `the schema has ${count(size.types)} records, enums and unions, more than the limit of ` +
        `${count(maxSchemaTypes)} (${settingName.types ?? "maxSchemaTypes"})`,
    );
  if (size.leaves > maxSchemaLeaves)
    throw new SchemaImportError(
      `one ${schema.name} message expands to ${count(size.leaves)} fields once its shared types are ` +
        `written out where they are used, more than the limit of ${count(maxSchemaLeaves)} ` +
        `(${settingName.leaves ?? "maxSchemaLeaves"})`,
    );
  return size;
}
