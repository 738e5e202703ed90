/** Who is best on one axis, and who is worth considering on two: the run page's rankings. */

/** The row with the smallest value of `pick` among rows that have one. */
export function best<T>(rows: T[], pick: (r: T) => number | null | undefined): T | undefined {
  let winner: T | undefined;
  let min = Number.POSITIVE_INFINITY;
  for (const r of rows) {
    const v = pick(r);
    if (v != null && v < min) {
      min = v;
      winner = r;
    }
  }
  return winner;
}

/**
 * Rows no other row beats on both size and decode time (smaller is better on both axes), sorted by
 * size: the formats worth considering; every other one is worse on both counts than some frontier row.
 */
export function paretoFrontier<T>(rows: T[], x: (r: T) => number, y: (r: T) => number): T[] {
  const sorted = [...rows].sort((a, b) => x(a) - x(b) || y(a) - y(b));
  const frontier: T[] = [];
  let bestY = Number.POSITIVE_INFINITY;
  for (const r of sorted) {
    if (y(r) < bestY) {
      frontier.push(r);
      bestY = y(r);
    }
  }
  return frontier;
}
