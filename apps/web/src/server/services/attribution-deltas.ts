import type { PathDelta } from "@wirebench/contracts";

export type { PathDelta };

/** Paths reported per format: the ones whose bytes changed most. */
export const maxPathDeltas = 5;

/**
 * The paths whose bytes changed most between a baseline format and the run's (`formats[].attribution`),
 * largest change first; a path on one side only counts as 0 bytes on the other. Undefined when either
 * result predates attribution, so nothing is reported rather than every path as new.
 */
export function pathDeltas(
  base: { path: string; bytes: number }[] | null | undefined,
  current: { path: string; bytes: number }[] | null | undefined,
  top = maxPathDeltas,
): PathDelta[] | undefined {
  if (!base?.length || !current?.length) return undefined;
  const before = new Map(base.map((e) => [e.path, e.bytes]));
  const after = new Map(current.map((e) => [e.path, e.bytes]));
  return [...new Set([...before.keys(), ...after.keys()])]
    .map((path) => {
      const b = before.get(path) ?? 0;
      const c = after.get(path) ?? 0;
      return { path, base: b, current: c, delta: c - b };
    })
    .filter((d) => d.delta !== 0)
    .sort((x, y) => Math.abs(y.delta) - Math.abs(x.delta) || (x.path < y.path ? -1 : 1))
    .slice(0, top);
}
