import { closeSync, openSync, readSync } from "node:fs";
import type { Op } from "../harness/protocol.ts";
import type { SegmentLabel } from "./protocol.ts";

/** The `summary:` line sits in a dump's header, so only its first kilobytes are read. */
export function readDumpTotal(path: string): number {
  const fd = openSync(path, "r");
  try {
    const buf = Buffer.alloc(8192);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const m = /^(?:summary|totals): (\d+)/m.exec(buf.subarray(0, n).toString("latin1"));
    if (!m) throw new Error(`${path} has no summary line`);
    return Number(m[1]);
  } finally {
    closeSync(fd);
  }
}

/** One process's count for one operation. */
export interface OpCount {
  perOp: number;
  /** Whether warm-up reached two consecutive segments that counted alike (InstructionSettings.settleTolerance). */
  settled: boolean;
}

/**
 * Per-call counts from the labelled segments: the cheapest segment of each operation ÷ its calls
 * (spikes — compilation, deoptimisation, a collection's sweeping — only ever add); settled when its
 * warm-up settled.
 */
export function perOpFromSegments(labels: SegmentLabel[], totalOf: (part: number) => number) {
  const byKey = new Map<string, { id: string; op: Op; settled: boolean; perCall: number[] }>();
  labels.forEach((label, i) => {
    if (!label) return;
    const key = `${label.id}\0${label.op}`;
    const item = byKey.get(key) ?? { id: label.id, op: label.op, settled: label.settled, perCall: [] };
    item.perCall.push(totalOf(i + 1) / label.iterations);
    byKey.set(key, item);
  });
  const perOp = new Map<string, Partial<Record<Op, OpCount>>>();
  for (const { id, op, settled, perCall } of byKey.values()) {
    const least = Math.min(...perCall);
    perOp.set(id, { ...perOp.get(id), [op]: { perOp: least, settled } });
  }
  return perOp;
}
