import type { IrType, RecordField, RecordType } from "../ir.ts";
import { NumberedNames } from "../naming/numbered-names.ts";
import { type Acc, mergeAcc, newAcc } from "./accumulate.ts";
import { inferenceThresholds as T } from "./thresholds.ts";

const int32Min = -(2n ** 31n);
const int32Max = 2n ** 31n - 1n;
const int64Min = -(2n ** 63n);
const int64Max = 2n ** 63n - 1n;
const uint64Max = 2n ** 64n - 1n;
const dataKeyRe = /^(-?\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const symbolRe = /^[A-Za-z][\w.-]*$/;

/** Type names the inference derives from field names: UpperCamel ASCII, unique in one schema. */
export class TypeNames {
  private used = new Set<string>();
  private numbered = new NumberedNames();
  take(hint: string, fallback: string): string {
    const words = hint
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]+/g, " ")
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    let base = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
    if (!base || /^\d/.test(base)) base = fallback + base;
    const name = this.numbered.first(base, (n) => !this.used.has(n));
    this.used.add(name);
    return name;
  }
}

/** "statuses" → "status", "categories" → "category": the name of one item of a list field. */
export function singular(word: string): string {
  if (/ies$/i.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)es$/i.test(word)) return word.slice(0, -2);
  if (/[^s]s$/i.test(word) && word.length > 3) return word.slice(0, -1);
  return `${word}Item`;
}

function kinds(acc: Acc): string[] {
  const k: string[] = [];
  if (acc.bools) k.push("bool");
  if (acc.ints || acc.floats) k.push("number");
  if (acc.strings) k.push("string");
  if (acc.arrays) k.push("array");
  if (acc.objects) k.push("object");
  return k;
}

function numberType(acc: Acc): IrType {
  if (acc.floats > 0) return { kind: "float64" };
  const min = acc.intMin ?? 0;
  const max = acc.intMax ?? 0;
  if (min >= int32Min && max <= int32Max) return { kind: "int32" };
  if (min >= int64Min && max <= int64Max) return { kind: "int64" };
  if (min >= 0n && max <= uint64Max) return { kind: "uint64" };
  return { kind: "float64" };
}

function stringType(acc: Acc, hint: string, names: TypeNames): IrType {
  if (acc.dateTimes === acc.strings) return { kind: "string", format: "date-time" };
  if (acc.dates === acc.strings) return { kind: "string", format: "date" };
  if (acc.uuids === acc.strings) return { kind: "string", format: "uuid" };
  const symbols = [...acc.distinct.keys()];
  const isEnum =
    !acc.distinctOverflow &&
    symbols.length > 0 &&
    symbols.length <= T.enumMaxSymbols &&
    acc.strings >= T.enumMinOccurrences &&
    acc.strings / symbols.length >= T.enumMinRepeats &&
    symbols.every((s) => s.length <= T.enumMaxSymbolLength && symbolRe.test(s));
  if (isEnum) return { kind: "enum", name: names.take(hint, "Enum"), symbols: symbols.sort() };
  return { kind: "string" };
}

function looksLikeMap(acc: Acc): boolean {
  const keys = [...acc.keys.keys()];
  if (keys.length === 0) return true;
  if (keys.length >= T.mapMinDataKeys && keys.every((k) => dataKeyRe.test(k))) return true;
  if (keys.length > T.mapMinKeys) {
    const merged = newAcc();
    for (const slot of acc.keys.values()) mergeAcc(merged, slot.acc);
    if (kinds(merged).length > 1) return false;
    return !merged.objects || objectValuesShareKeys(acc, merged.keys.size);
  }
  return false;
}

/**
 * Object values are one shape when each has at least `mapMinSharedKeys` of all the keys seen across
 * them: map entries such as users keyed by name share their fields (some optional), while a record
 * whose many fields are unrelated objects does not. Scalar and array values compare by kind only.
 */
function objectValuesShareKeys(acc: Acc, allKeys: number): boolean {
  for (const slot of acc.keys.values())
    if (slot.acc.objects && slot.acc.keys.size < allKeys * T.mapMinSharedKeys) return false;
  return true;
}

const lossyIntsNote = "integers beyond the int64/uint64 range were read as float64: their precision is lost";

/** Lossy integers at this field itself or in its (nested) list items; records note their own fields. */
function hasLossyInts(acc: Acc): boolean {
  for (let a: Acc | null = acc; a; a = a.items) if (a.lossyInts > 0) return true;
  return false;
}

/** The record for an object position: fields in the order they first appear, whatever the sample order. */
export function recordType(acc: Acc, hint: string, names: TypeNames): RecordType {
  const name = names.take(hint, "Record");
  const slots = [...acc.keys.entries()].sort(
    (a, b) => a[1].minPosition - b[1].minPosition || (a[0] < b[0] ? -1 : 1),
  );
  const fields: RecordField[] = slots.map(([key, slot], i) => {
    const field: RecordField = {
      name: key,
      number: i + 1,
      type: decideType(slot.acc, key, names),
      optional: slot.present < acc.objects,
    };
    if (hasLossyInts(slot.acc)) field.doc = lossyIntsNote;
    return field;
  });
  return { kind: "record", name, fields };
}

/** The IR type for everything seen at one position. */
export function decideType(acc: Acc, hint: string, names: TypeNames): IrType {
  const k = kinds(acc);
  let t: IrType;
  if (k.length !== 1) t = { kind: "any" };
  else if (k[0] === "bool") t = { kind: "bool" };
  else if (k[0] === "number") t = numberType(acc);
  else if (k[0] === "string") t = stringType(acc, hint, names);
  else if (k[0] === "array")
    t = { kind: "array", items: acc.items ? decideType(acc.items, singular(hint), names) : { kind: "any" } };
  else if (looksLikeMap(acc)) {
    const values = newAcc();
    for (const slot of acc.keys.values()) mergeAcc(values, slot.acc);
    t = { kind: "map", values: values.count ? decideType(values, singular(hint), names) : { kind: "any" } };
  } else t = recordType(acc, hint, names);
  if (acc.nulls > 0 && t.kind !== "any") return { kind: "nullable", type: t };
  if (acc.nulls > 0) return { kind: "nullable", type: t };
  return t;
}
