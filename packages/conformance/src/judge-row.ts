import type { FormatRule, MatchRule } from "./format-rules.ts";
import type { OurEncoding } from "./our-bytes.ts";
import type { ReferenceResult } from "./reference-bytes.ts";

export type RowStatus = "match" | "mismatch" | "pending" | "refused";

/** One cell of the corpus table: a document in one format, Wirebench against the reference. */
export interface ConformanceRow {
  document: string;
  kind: string;
  format: string;
  reference: string;
  /** The rule applied (a `bytes` rule becomes `size` where the reference says an order is open). */
  rule: MatchRule;
  status: RowStatus;
  /** What Wirebench printed, and the length of the bytes behind it. */
  ours?: number;
  theirs?: number;
  /** Why it matched the way it did, or what differs. */
  detail: string;
  oursHex?: string;
  theirsHex?: string;
}

/** Bytes shown around the first difference in the table (the JSON report keeps every byte). */
const shownBytes = 16;

export function judgeRow(
  base: Pick<ConformanceRow, "document" | "kind" | "format">,
  rule: FormatRule,
  ours: OurEncoding | undefined,
  ref: ReferenceResult | undefined,
): ConformanceRow {
  const effective: MatchRule = rule.rule === "bytes" && ref?.orderFree ? "size" : rule.rule;
  const row: ConformanceRow = {
    ...base,
    reference: rule.referenceName,
    rule: effective,
    status: "mismatch",
    detail: "",
  };
  if (ours?.printed !== undefined) row.ours = ours.printed;
  if (ref?.bytes) row.theirs = ref.bytes.length;
  if (ours?.bytes) row.oursHex = ours.bytes.toString("hex");
  if (ref?.bytes) row.theirsHex = ref.bytes.toString("hex");
  if (!ours || ours.error || !ours.bytes) {
    row.detail = `Wirebench: ${ours?.error ?? "no result"}${ref?.error ? `; reference: ${ref.error}` : ""}`;
    return row;
  }
  if (!ref || ref.error || !ref.bytes) {
    row.detail = `reference: ${ref?.error ?? "no result"}`;
    return row;
  }
  if (ours.printed !== ours.bytes.length) {
    row.detail = `Wirebench printed ${ours.printed} B but its message is ${ours.bytes.length} B`;
    return row;
  }
  const same = Buffer.compare(ours.bytes, ref.bytes) === 0;
  const decodes = ref.oursEqual === true;
  const decodeNote =
    ref.oursEqual === undefined
      ? ""
      : decodes
        ? "; the reference decodes ours to its own value"
        : `; the reference decodes ours to another value${ref.oursError ? ` (${ref.oursError})` : ""}`;
  if (same) return { ...row, status: "match", detail: "byte-identical" };
  const where = firstDifference(ours.bytes, ref.bytes);
  if (effective === "bytes") {
    row.detail = `bytes differ at ${where}: ours ${window(ours.bytes, where)} reference ${window(ref.bytes, where)}${decodeNote}`;
    return row;
  }
  if (effective === "size") {
    if (ours.bytes.length === ref.bytes.length && ref.oursEqual !== false)
      return { ...row, status: "match", detail: `same size, other byte order${decodeNote}` };
    row.detail =
      ours.bytes.length !== ref.bytes.length
        ? `sizes differ (${ours.bytes.length} vs ${ref.bytes.length} B)${decodeNote}`
        : `same size${decodeNote}`;
    return row;
  }
  if (decodes) {
    const delta = ours.bytes.length - ref.bytes.length;
    const size = delta === 0 ? "same size" : `${delta > 0 ? "+" : ""}${delta} B`;
    return { ...row, status: "match", detail: `same value (${size}: ${rule.why})` };
  }
  row.detail = `bytes differ at ${where}${decodeNote || "; the reference could not compare values"}`;
  return row;
}

function firstDifference(a: Buffer, b: Buffer): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}

function window(b: Buffer, at: number): string {
  const start = Math.max(0, at - 4);
  return `[${start}..] ${b.subarray(start, start + shownBytes).toString("hex")}`;
}
