import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FormatResult } from "@wirebench/contracts";
import { ownFolder } from "../harness/child-bundle.ts";

/**
 * What timing each format cost in the last run that timed it, kept in the cache dir so the next run
 * can hand its costliest formats out first (FormatQueue). Children time the formats they prepared,
 * so a child that happened to claim YAML, XML and Ion timed 0.2 to 0.3 s longer than the other in a
 * 10 KB quick run, and the run waited for it. Only an order comes of it: a wrong or foreign file
 * can make a run no worse than handing formats out in registry order.
 */
const fileName = "format-costs.json";

/** Nanoseconds of one call of each operation, summed over a format's variants, per byte of input. */
export type FormatCosts = Map<string, number>;

/** The costs recorded in `cacheDir`, or none (no cache, no file, not this user's folder, not costs). */
export function readFormatCosts(cacheDir: string): FormatCosts {
  const costs: FormatCosts = new Map();
  if (!cacheDir) return costs;
  try {
    const parsed = JSON.parse(readFileSync(join(ownFolder(cacheDir), fileName), "utf8")) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      for (const [format, cost] of Object.entries(parsed))
        if (typeof cost === "number" && Number.isFinite(cost) && cost >= 0) costs.set(format, cost);
  } catch {
    // No costs yet, or none to trust: registry order.
  }
  return costs;
}

/** Each timed format's cost in this run, per byte of `inputBytes`. */
export function costsOf(formats: FormatResult[], inputBytes: number): FormatCosts {
  const costs: FormatCosts = new Map();
  if (!(inputBytes > 0)) return costs;
  for (const f of formats) {
    const ns = [f.encode, f.decode, f.access].reduce((sum, t) => sum + (t?.medianNs ?? 0), 0);
    if (!f.ok || ns === 0) continue;
    costs.set(f.format, (costs.get(f.format) ?? 0) + ns / inputBytes);
  }
  return costs;
}

/** Merges `costs` into the cache dir's file (formats this run did not time keep theirs). */
export function recordFormatCosts(cacheDir: string, costs: FormatCosts): void {
  if (!cacheDir || costs.size === 0) return;
  try {
    const dir = ownFolder(cacheDir);
    const merged = Object.fromEntries([...readFormatCosts(cacheDir), ...costs]);
    // Written aside and renamed: a run reading the file meanwhile sees the old one or the new one.
    const tmp = join(dir, `${fileName}.${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify(merged));
    renameSync(tmp, join(dir, fileName));
  } catch {
    // An order for next time is not worth failing a run over.
  }
}
