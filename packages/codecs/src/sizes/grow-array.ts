import { type DataObject, type DataValue, type IrSchema, type IrType, synthesize } from "@wirebench/schemas";

/**
 * The size sweep's data: one message whose repeated field (a dotted path of field names from the
 * root record, through records, nullable values and the elements of enclosing arrays) is grown to
 * N elements by repeating the sample's own elements, or synthesized ones when it has none.
 */

export interface RepeatedField {
  /** Dotted field names from the root ("" when the root itself is the array). */
  path: string;
  /** Most elements one occurrence of the field holds in the message. */
  length: number;
  items: IrType;
}

const unwrap = (t: IrType): IrType => (t.kind === "nullable" ? unwrap(t.type) : t);
const isObject = (v: DataValue): v is DataObject =>
  v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof Uint8Array);

/**
 * The repeated fields present in `message` (an empty array counts; an absent field does not), each
 * with its longest occurrence, in schema order.
 */
export function repeatedFields(root: IrType, message: DataValue): RepeatedField[] {
  const found = new Map<string, RepeatedField>();
  const walk = (type: IrType, value: DataValue | undefined, path: string, depth: number) => {
    const t = unwrap(type);
    // Recursive types end where the data ends; the bound is only a guard.
    if (depth > 256) return;
    if (t.kind === "array") {
      const items = Array.isArray(value) ? value : [];
      const prev = found.get(path);
      if (!prev || items.length > prev.length)
        found.set(path, { path, length: items.length, items: t.items });
      for (const item of items) walk(t.items, item, path, depth + 1);
    } else if (t.kind === "record" && value !== undefined && isObject(value)) {
      for (const f of t.fields) walk(f.type, value[f.name], path ? `${path}.${f.name}` : f.name, depth + 1);
    }
  };
  walk(root, message, "", 0);
  return [...found.values()];
}

/** The field `--path` names, or by default the one with the most elements in the message. */
export function chooseRepeatedField(root: IrType, message: DataValue, path?: string): RepeatedField {
  const fields = repeatedFields(root, message);
  if (fields.length === 0)
    throw new Error("the sample has no repeated field (array) to grow: the sweep needs one");
  if (path === undefined)
    return fields.reduce((best, f) => (f.length > best.length ? f : best), fields[0] as RepeatedField);
  const hit = fields.find((f) => f.path === path);
  if (!hit)
    throw new Error(
      `--path ${path} is not a repeated field; choose from ${fields.map((f) => f.path || '""').join(", ")}`,
    );
  return hit;
}

/** Elements to repeat: the sample's own, else a few synthesized from the element type (seeded). */
function elementsFor(schema: IrSchema, field: RepeatedField, message: DataValue): DataValue[] {
  const own: DataValue[] = [];
  const collect = (value: DataValue | undefined, names: string[]) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value) && names.length === 0) own.push(...value);
    else if (Array.isArray(value)) for (const v of value) collect(v, names);
    else if (isObject(value) && names.length > 0) collect(value[names[0] as string], names.slice(1));
  };
  collect(message, field.path ? field.path.split(".") : []);
  if (own.length > 0) return own;
  return synthesize({ ...schema, root: field.items }, { count: 8, seed: 1 });
}

/**
 * A copy of `message` with every occurrence of the field at `field.path` holding exactly `size`
 * elements, cycling through the available elements (values are shared, not copied: encoders only
 * read them). An occurrence that is absent or null stays so.
 */
export function growRepeatedField(
  schema: IrSchema,
  message: DataValue,
  field: RepeatedField,
  size: number,
): DataValue {
  const pool = elementsFor(schema, field, message);
  const grown = Array.from({ length: size }, (_, i) => pool[i % pool.length] as DataValue);
  const rebuild = (value: DataValue, names: string[]): DataValue => {
    if (names.length === 0) return Array.isArray(value) ? grown : value;
    if (Array.isArray(value)) return value.map((v) => rebuild(v, names));
    if (!isObject(value)) return value;
    const [name, ...rest] = names as [string, ...string[]];
    const child = value[name];
    if (child === undefined || child === null) return value;
    return { ...value, [name]: rebuild(child, rest) };
  };
  return rebuild(message, field.path ? field.path.split(".") : []);
}
