import { parse } from "lossless-json";
import type { DataValue } from "../ir.ts";
import { setOwn } from "../naming/set-own.ts";
import { flatString } from "./flat-string.ts";
import {
  defaultParseLimits,
  depthLimit,
  keysLimit,
  type ParseLimits,
  totalKeysLimit,
  totalObjectsLimit,
} from "./limits.ts";

/**
 * A float written with a fraction or exponent whose value is integral (`1.0`, `2e3`): the one case
 * where the parsed number alone would hide that the source wrote a float. Everything else is parsed
 * straight into the data model, so no second tree of source texts is ever built.
 */
export class IntegralFloat {
  constructor(readonly value: number) {}
}

/**
 * An integer outside both the int64 and the uint64 range. No IDL integer holds it, so it is typed
 * float64 and carried as the nearest double (precision lost); keeping it a bigint would make the
 * data disagree with its schema. Subclassing IntegralFloat makes every consumer treat it as a float.
 */
export class LossyInteger extends IntegralFloat {
  constructor(readonly text: string) {
    super(Number(text));
  }
}

/** A parsed JSON value: the data model, plus IntegralFloat where the source text said float. */
export type SourceValue =
  | null
  | boolean
  | string
  | number
  | bigint
  | IntegralFloat
  | SourceValue[]
  | { [key: string]: SourceValue };

export class JsonInputError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = "JsonInputError";
  }
}

export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Nesting depth and the largest key count, found in one pass without recursion, so 10,000 levels
 * or a million keys are refused before a recursive parser could overflow the stack or the heap.
 */
export function checkJsonShape(
  text: string,
  limits: Pick<ParseLimits, "maxDepth" | "maxKeys"> &
    Partial<Pick<ParseLimits, "maxTotalKeys" | "maxTotalObjects">>,
): void {
  const depth = depthLimit(limits.maxDepth);
  const keys = keysLimit(limits.maxKeys);
  const maxTotalKeys = limits.maxTotalKeys ?? defaultParseLimits.maxTotalKeys;
  let totalKeys = 0;
  const maxTotalObjects = limits.maxTotalObjects ?? defaultParseLimits.maxTotalObjects;
  let totalObjects = 0;
  const keyCounts: number[] = [];
  const isObject: boolean[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      isObject.push(c === 123);
      keyCounts.push(0);
      const over =
        isObject.length > depth.maxDepth
          ? depth
          : c === 123 && ++totalObjects > maxTotalObjects
            ? totalObjectsLimit(maxTotalObjects)
            : null;
      if (over) {
        const { line, column } = lineColumn(text, i);
        throw new JsonInputError(`${over.head} at line ${line}, column ${column}${over.tail}`, line, column);
      }
    } else if (c === 125 || c === 93) {
      isObject.pop();
      keyCounts.pop();
    } else if (c === 58 && isObject[isObject.length - 1]) {
      const n = (keyCounts[keyCounts.length - 1] ?? 0) + 1;
      keyCounts[keyCounts.length - 1] = n;
      const over =
        n > limits.maxKeys ? keys : ++totalKeys > maxTotalKeys ? totalKeysLimit(maxTotalKeys) : null;
      if (over) {
        const { line, column } = lineColumn(text, i);
        throw new JsonInputError(`${over.head} at line ${line}, column ${column}${over.tail}`, line, column);
      }
    }
  }
}

/** Parses JSON keeping each number's source text; errors name line and column. */
export function parseJsonSource(text: string, overrides: Partial<ParseLimits> = {}): SourceValue {
  const limits = { ...defaultParseLimits, ...overrides };
  if (text.length > limits.maxInputChars) {
    throw new JsonInputError(
      `input is ${text.length} characters; the limit is ${limits.maxInputChars} (limit maxInputChars)`,
    );
  }
  if (!text.trim()) throw new JsonInputError("input is empty");
  checkJsonShape(text, limits);
  try {
    return parse(text, null, parseNumber) as SourceValue;
  } catch (err) {
    // Only reachable if the stack is far smaller than usual; still a clear message, not a crash.
    if (err instanceof RangeError)
      throw new JsonInputError("nesting too deep for the parser's stack (limit maxDepth)");
    const msg = (err as Error).message;
    const pos = / at position (\d+)/.exec(msg);
    if (!pos) throw new JsonInputError(`invalid JSON: ${msg}`);
    const { line, column } = lineColumn(text, Number(pos[1]));
    throw new JsonInputError(
      `invalid JSON at line ${line}, column ${column}: ${msg.replace(/ at position \d+/, "")}`,
      line,
      column,
    );
  }
}

const int64Min = -(2n ** 63n);
const uint64Max = 2n ** 64n - 1n;

/** A number from its source text: integer or float, and how exactly it can be kept, decided here only. */
export function parseNumber(text: string): number | bigint | IntegralFloat {
  if (/[.eE]/.test(text)) {
    const n = Number(text);
    return Number.isInteger(n) ? new IntegralFloat(n) : n;
  }
  const n = Number(text);
  if (Number.isSafeInteger(n)) return n;
  const big = BigInt(text);
  return big < int64Min || big > uint64Max ? new LossyInteger(text) : big;
}

/** The codecs' data model: IntegralFloat markers become plain numbers, strings flat (see flatString). */
export function toDataValue(v: SourceValue): DataValue {
  if (typeof v === "string") return flatString(v);
  if (v instanceof IntegralFloat) return v.value;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x = v[i]!;
      if (typeof x === "string") flatString(x);
      else if (typeof x === "object" && x !== null) v[i] = toDataValue(x) as SourceValue;
    }
    return v as DataValue;
  }
  if (v !== null && typeof v === "object") {
    for (const k of Object.keys(v)) {
      const x = v[k]!;
      if (typeof x === "string") flatString(x);
      else if (typeof x === "object" && x !== null)
        setOwn(v as Record<string, SourceValue>, k, toDataValue(x) as SourceValue);
    }
    return v as DataValue;
  }
  return v;
}

/**
 * Lossless JSON: integers beyond ±2^53 become bigint up to the int64/uint64 range; integers beyond
 * that range and all other numbers are numbers (see LossyInteger).
 */
export function parseJsonLossless(text: string, limits: Partial<ParseLimits> = {}): DataValue {
  return toDataValue(parseJsonSource(text, limits));
}
