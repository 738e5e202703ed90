import { writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Where a counting process puts its hidden classes, chosen per process and the same in every run.
 *
 * With start-up made repeatable (one libuv worker, code generated beforehand), two processes of a
 * run start alike and land in the same layout: V8 hashes each hidden class's address into its
 * megamorphic stub cache, so they also collide alike, and the cheapest of their counts is one
 * layout's count. Some layouts are dearer than others (JSON encode ran about 8.5 % dearer in one,
 * Cap'n Proto packed 0.3–0.5 %), and a layout that stays the same for one code but changes with
 * the next is how a gate judged a 3 %-heavier encoder 5 % cheaper than the unchanged one. So the
 * processes of a format get different layouts on purpose, but the same ones in every run: process
 * k keeps `k × LAYOUT_STEP` objects alive, of up to ten one-letter properties each (hidden classes
 * of their own), made by a `--require` preload before any library loads, which moves every later
 * hidden class. A run's count, the cheapest of its processes, is then the cheapest of a fixed set
 * of layouts: repeatable between runs of the same code and, like independent processes, unlikely
 * to sit in a dear layout in all of them. One-letter names because V8 interns those from the start:
 * named `layout0`, `layout1`, … the preload grew the interned-string table, and that moved msgpackr
 * decode (which interns every key it reads) by up to 5.2 % between layouts, not 0.13 %.
 */
export const LAYOUT_STEP = 128;

/** The environment variable that tells the preload its process's index. */
export const layoutVariable = "WIREBENCH_LAYOUT_SHIFT";

const preload = `"use strict";
// Written by Wirebench (instructions/layout-shift.ts): moves this counting process's hidden classes.
const k = Number(process.env.${layoutVariable}) || 0;
// One-letter names only: V8 keeps those interned from the start, so the string table does not grow.
const names = "abcdefghij";
const keep = [];
for (let i = 1; i <= k * ${LAYOUT_STEP}; i++) {
  const o = {};
  for (let j = 0; j < names.length; j++) if (i & (1 << j)) o[names[j]] = j;
  keep.push(o);
}
globalThis.__wirebenchLayoutShift = keep;
`;

/** The preload's file name, beside the counting bundle. */
export const layoutPreload = "layout-shift.cjs";

/** Writes the preload into `dir`, the counting bundle's folder. */
export function writeLayoutShift(dir: string): void {
  writeFileSync(join(dir, layoutPreload), preload);
}
