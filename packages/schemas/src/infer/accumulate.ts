import { IntegralFloat, LossyInteger } from "../parse/parse-json-lossless.ts";

/**
 * Everything seen at one position of the samples (a field, array items, map values), merged so
 * the order of the samples never matters: counts, min/max, sets, and the smallest key position.
 */
export interface Acc {
  count: number;
  nulls: number;
  bools: number;
  ints: number;
  intMin: number | bigint | null;
  intMax: number | bigint | null;
  floats: number;
  /** Integers too large for any IDL integer, counted among `floats` too (see LossyInteger). */
  lossyInts: number;
  strings: number;
  distinct: Map<string, number>;
  /** Too many distinct strings to keep: no longer an enum candidate. */
  distinctOverflow: boolean;
  dateTimes: number;
  dates: number;
  uuids: number;
  arrays: number;
  items: Acc | null;
  objects: number;
  keys: Map<string, KeySlot>;
}

/** One key of the objects at a position; minPosition is its smallest index in their key order. */
export interface KeySlot {
  present: number;
  minPosition: number;
  acc: Acc;
}

export const newAcc = (): Acc => ({
  count: 0,
  nulls: 0,
  bools: 0,
  ints: 0,
  intMin: null,
  intMax: null,
  floats: 0,
  lossyInts: 0,
  strings: 0,
  distinct: new Map(),
  distinctOverflow: false,
  dateTimes: 0,
  dates: 0,
  uuids: 0,
  arrays: 0,
  items: null,
  objects: 0,
  keys: new Map(),
});

const dateTimeRe = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const dateRe = /^\d{4}-\d{2}-\d{2}$/;
const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const distinctCap = 64;

/** A JSON scalar as parsed from its source text (see parseNumber). */
export type Scalar = null | boolean | string | number | bigint | IntegralFloat;

export function countScalar(acc: Acc, v: Scalar): void {
  acc.count++;
  if (v === null) acc.nulls++;
  else if (typeof v === "boolean") acc.bools++;
  else if (typeof v === "number" || typeof v === "bigint") {
    if (typeof v === "bigint" || Number.isInteger(v)) {
      acc.ints++;
      if (acc.intMin === null || v < acc.intMin) acc.intMin = v;
      if (acc.intMax === null || v > acc.intMax) acc.intMax = v;
    } else acc.floats++;
  } else if (v instanceof IntegralFloat) {
    acc.floats++;
    if (v instanceof LossyInteger) acc.lossyInts++;
  } else {
    acc.strings++;
    if (!acc.distinctOverflow) {
      acc.distinct.set(v, (acc.distinct.get(v) ?? 0) + 1);
      if (acc.distinct.size > distinctCap) {
        acc.distinctOverflow = true;
        acc.distinct.clear();
      }
    }
    if (dateTimeRe.test(v)) acc.dateTimes++;
    else if (dateRe.test(v)) acc.dates++;
    else if (uuidRe.test(v)) acc.uuids++;
  }
}

/** Counts an array at this position; its items all go to the returned position. */
export function countArray(acc: Acc): Acc {
  acc.count++;
  acc.arrays++;
  acc.items ??= newAcc();
  return acc.items;
}

export function countObject(acc: Acc): void {
  acc.count++;
  acc.objects++;
}

/** The position of one key of the objects at `acc`, counting one more object that has it. */
export function countKey(acc: Acc, key: string): KeySlot {
  let slot = acc.keys.get(key);
  if (!slot) {
    slot = { present: 0, minPosition: Number.POSITIVE_INFINITY, acc: newAcc() };
    acc.keys.set(key, slot);
  }
  slot.present++;
  return slot;
}

/** Merges b into a (used to treat a map's values as one position). */
export function mergeAcc(a: Acc, b: Acc): void {
  a.count += b.count;
  a.nulls += b.nulls;
  a.bools += b.bools;
  a.ints += b.ints;
  if (b.intMin !== null && (a.intMin === null || b.intMin < a.intMin)) a.intMin = b.intMin;
  if (b.intMax !== null && (a.intMax === null || b.intMax > a.intMax)) a.intMax = b.intMax;
  a.floats += b.floats;
  a.lossyInts += b.lossyInts;
  a.strings += b.strings;
  if (b.distinctOverflow) a.distinctOverflow = true;
  if (!a.distinctOverflow) {
    for (const [s, n] of b.distinct) a.distinct.set(s, (a.distinct.get(s) ?? 0) + n);
    if (a.distinct.size > distinctCap) {
      a.distinctOverflow = true;
      a.distinct.clear();
    }
  }
  a.dateTimes += b.dateTimes;
  a.dates += b.dates;
  a.uuids += b.uuids;
  a.arrays += b.arrays;
  if (b.items) {
    a.items ??= newAcc();
    mergeAcc(a.items, b.items);
  }
  a.objects += b.objects;
  for (const [k, slot] of b.keys) {
    const mine = a.keys.get(k);
    if (!mine)
      a.keys.set(k, { present: slot.present, minPosition: slot.minPosition, acc: cloneAcc(slot.acc) });
    else {
      mine.present += slot.present;
      mine.minPosition = Math.min(mine.minPosition, slot.minPosition);
      mergeAcc(mine.acc, slot.acc);
    }
  }
}

function cloneAcc(a: Acc): Acc {
  const c = newAcc();
  mergeAcc(c, a);
  return c;
}
