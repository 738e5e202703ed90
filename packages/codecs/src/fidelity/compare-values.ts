import type { Fidelity, FidelityIssue } from "@wirebench/contracts";
// The zod-free module: the contract's index builds every zod schema, a second of a child's start-up.
import { severityOf } from "@wirebench/contracts/read-result";
import type { DataValue, IrType } from "@wirebench/schemas";
import { isPlainObject, toBase64 } from "../adapters/convert-values.ts";

/** Issues kept in a report; the total is still counted so nothing is silently "exact". */
export const DEFAULT_MAX_ISSUES = 200;

type Kind = FidelityIssue["kind"];

/**
 * Canonical comparison of what went in (`expected`, the lossless data model) with what came out of
 * decode + toPlain. Every difference is named by kind and path (JSON Pointer; prefixed `#i` when the
 * dataset has several messages). `type` (the IR) lets enum differences be named as such.
 */
export function compareDatasets(
  expected: DataValue[],
  actual: unknown[],
  root?: IrType,
  maxIssues = DEFAULT_MAX_ISSUES,
): Fidelity {
  const c = new Collector(maxIssues);
  if (actual.length !== expected.length) {
    c.add("", "value-changed", `expected ${expected.length} messages, decoded ${actual.length}`);
  }
  const many = expected.length > 1;
  for (let i = 0; i < Math.min(expected.length, actual.length); i++) {
    compareValue(c, many ? `#${i}` : "", expected[i] as DataValue, actual[i], root);
  }
  return c.result();
}

/**
 * Keeps up to `max` issues, lossy ones first: a sample with hundreds of reordered objects must not
 * push the one rounded id out of the report. Counting goes on past the cap.
 */
class Collector {
  lossy: FidelityIssue[] = [];
  cosmetic: FidelityIssue[] = [];
  count = 0;
  lossyCount = 0;
  constructor(private readonly max: number) {}
  add(path: string, kind: Kind, detail: string): void {
    this.count++;
    const severity = severityOf(kind);
    if (severity === "lossy") this.lossyCount++;
    const kept = severity === "lossy" ? this.lossy : this.cosmetic;
    if (kept.length < this.max) kept.push({ path: path || "/", kind, severity, detail });
  }
  result(): Fidelity {
    const issues = [...this.lossy, ...this.cosmetic].slice(0, this.max);
    return { exact: this.lossyCount === 0, issues, issueCount: this.count, lossyCount: this.lossyCount };
  }
}

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

function describe(v: unknown): string {
  if (v === undefined) return "absent";
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (v instanceof Uint8Array) return "bytes";
  if (v instanceof Date) return "Date";
  if (typeof v === "object") return "object";
  return typeof v;
}

function show(v: unknown): string {
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (v instanceof Uint8Array) return `${v.byteLength} bytes`;
  if (typeof v === "object" && v !== null) return "";
  return String(v);
}

/** Type and value in a few words, e.g. `string "abc"` or `array`. */
function what(v: unknown): string {
  return `${describe(v)} ${show(v)}`.trim();
}

function unwrap(t: IrType | undefined): IrType | undefined {
  return t?.kind === "nullable" ? unwrap(t.type) : t;
}

function compareValue(c: Collector, path: string, e: DataValue, a: unknown, type?: IrType) {
  const t = unwrap(type);
  if (Object.is(e, a)) return;
  if (typeof e === "bigint") return compareBigint(c, path, e, a);
  if (typeof e === "number") return compareNumber(c, path, e, a, t);
  if (typeof e === "string") return compareString(c, path, e, a, t);
  if (e instanceof Uint8Array) return compareBytes(c, path, e, a);
  if (e === null) return c.add(path, "type-changed", `expected null, got ${what(a)}`);
  if (typeof e === "boolean") {
    return c.add(
      path,
      typeof a === "boolean" ? "value-changed" : "type-changed",
      `expected ${e}, got ${show(a)}`,
    );
  }
  if (Array.isArray(e)) {
    if (!Array.isArray(a)) return c.add(path, "type-changed", `expected array, got ${what(a)}`);
    const items = t?.kind === "array" ? t.items : undefined;
    if (a.length !== e.length) c.add(path, "value-changed", `expected ${e.length} items, got ${a.length}`);
    for (let i = 0; i < Math.min(a.length, e.length); i++)
      compareValue(c, `${path}/${i}`, e[i] as DataValue, a[i], items);
    return;
  }
  compareObject(c, path, e, a, t);
}

function compareBigint(c: Collector, path: string, e: bigint, a: unknown) {
  if (typeof a === "bigint") return c.add(path, "value-changed", `expected ${e}, got ${a}`);
  if (typeof a === "number") {
    if (Number.isInteger(a) && BigInt(a) === e) {
      return c.add(path, "number-type", `int64 ${e} read back as a JS number (exact here)`);
    }
    if (a === Number(e)) {
      return c.add(path, "int64-precision", `int64 ${e} read back as ${BigInt(Math.trunc(a))} (JS number)`);
    }
    return c.add(path, "value-changed", `expected ${e}, got ${a}`);
  }
  if (typeof a === "string" && a === e.toString()) {
    return c.add(path, "type-changed", `int64 ${e} read back as a string`);
  }
  c.add(path, "type-changed", `expected int64 ${e}, got ${what(a)}`);
}

function compareNumber(c: Collector, path: string, e: number, a: unknown, t?: IrType) {
  if (typeof a === "number") {
    // Only the sign of zero differs (Object.is told them apart): JSON writes both as a number.
    if (e === a)
      return c.add(
        path,
        "number-spelling",
        `${Object.is(e, -0) ? "-0" : "0"} read back as ${Object.is(a, -0) ? "-0" : "0"}`,
      );
    if (Math.fround(e) === a) return c.add(path, "float32-rounding", `${e} read back as float32 ${a}`);
    return c.add(path, "value-changed", `expected ${e}, got ${a}`);
  }
  if (typeof a === "bigint" && Number.isInteger(e) && BigInt(e) === a) {
    return c.add(path, "number-type", `${e} read back as bigint`);
  }
  if (typeof a === "string" && t?.kind === "enum")
    return c.add(path, "enum-by-name", `enum ${e} read back as "${a}"`);
  if (typeof a === "string" && Number(a) === e)
    return c.add(path, "type-changed", `number ${e} read back as a string`);
  c.add(path, "type-changed", `expected number ${e}, got ${what(a)}`);
}

function compareString(c: Collector, path: string, e: string, a: unknown, t?: IrType) {
  if (typeof a === "string") {
    if (DATE_LIKE.test(e) && !Number.isNaN(Date.parse(e)) && Date.parse(e) === Date.parse(a)) {
      return c.add(path, "date-shape", `date ${show(e)} read back as ${show(a)}`);
    }
    return c.add(path, "value-changed", `expected ${show(e)}, got ${show(a)}`);
  }
  if (a instanceof Date) {
    const same = a.getTime() === Date.parse(e);
    return c.add(
      path,
      same ? "date-shape" : "value-changed",
      `date ${show(e)} read back as Date ${a.toISOString()}`,
    );
  }
  if (typeof a === "number" && t?.kind === "enum")
    return c.add(path, "enum-by-number", `enum "${e}" read back as ${a}`);
  if ((typeof a === "number" || typeof a === "bigint" || typeof a === "boolean") && String(a) === e) {
    return c.add(path, "type-changed", `string ${show(e)} read back as ${typeof a}`);
  }
  c.add(path, "type-changed", `expected string ${show(e)}, got ${what(a)}`);
}

function compareBytes(c: Collector, path: string, e: Uint8Array, a: unknown) {
  if (a instanceof Uint8Array) {
    if (a.byteLength === e.byteLength && a.every((b, i) => b === e[i])) return;
    return c.add(
      path,
      "bytes-changed",
      `expected ${e.byteLength} bytes, got ${a.byteLength} different bytes`,
    );
  }
  if (typeof a === "string") {
    const b64 = toBase64(e);
    const url = b64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    if (a === b64 || a === url || a === b64.replace(/=+$/, "")) {
      return c.add(path, "bytes-as-base64", `${e.byteLength} bytes read back as a base64 string`);
    }
  }
  c.add(path, "type-changed", `expected ${e.byteLength} bytes, got ${what(a)}`);
}

function fieldType(t: IrType | undefined, key: string): IrType | undefined {
  if (t?.kind === "record") return t.fields.find((f) => f.name === key)?.type;
  if (t?.kind === "map") return t.values;
  return undefined;
}

function compareObject(c: Collector, path: string, e: Record<string, DataValue>, a: unknown, t?: IrType) {
  let actual: Record<string, unknown>;
  if (a instanceof Map) actual = Object.fromEntries(a);
  else if (
    isPlainObject(a) ||
    (typeof a === "object" && a !== null && !Array.isArray(a) && !ArrayBuffer.isView(a))
  ) {
    actual = a as Record<string, unknown>;
  } else return c.add(path, "type-changed", `expected object, got ${what(a)}`);
  const eKeys = Object.keys(e);
  const aKeys = Object.keys(actual);
  const aSet = new Set(aKeys);
  const eSet = new Set(eKeys);
  for (const key of eKeys) {
    const p = `${path}/${escapePointer(key)}`;
    if (!aSet.has(key)) {
      if (e[key] === null) c.add(p, "null-vs-absent", "null read back as absent");
      else c.add(p, "missing", `${what(e[key])} is absent after decoding`);
      continue;
    }
    const av = actual[key];
    if (av === undefined && e[key] === null) {
      c.add(p, "null-vs-absent", "null read back as undefined");
      continue;
    }
    compareValue(c, p, e[key] as DataValue, av, fieldType(t, key));
  }
  for (const key of aKeys) {
    if (eSet.has(key) || actual[key] === undefined) continue;
    const p = `${path}/${escapePointer(key)}`;
    if (actual[key] === null) c.add(p, "null-vs-absent", "absent field read back as null");
    else c.add(p, "extra", `decoded ${what(actual[key])} that was not in the input`);
  }
  const commonE = eKeys.filter((k) => aSet.has(k));
  const commonA = aKeys.filter((k) => eSet.has(k));
  if (commonE.some((k, i) => commonA[i] !== k)) {
    c.add(
      path,
      "key-order",
      `keys read back as ${commonA.slice(0, 5).join(", ")}${commonA.length > 5 ? ", …" : ""}`,
    );
  }
}

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}
