// The size sweep's limits and the parsing of its sizes: dependency-free, so the web checks a run's
// options.sweep with the same rules the CLI and the worker apply.

/** Largest size a sweep grows a field to (WIREBENCH_SWEEP_MAX_SIZE): 10^6 elements, 10× the Go study's largest. */
export const SWEEP_MAX_SIZE = 1_000_000;
/** Most sizes one sweep measures (WIREBENCH_SWEEP_MAX_POINTS): each is a whole comparison. */
export const SWEEP_MAX_POINTS = 8;

export interface SweepLimits {
  maxSize: number;
  maxPoints: number;
}
export const defaultSweepLimits: SweepLimits = { maxSize: SWEEP_MAX_SIZE, maxPoints: SWEEP_MAX_POINTS };

/** `--sizes 10,1000,100000` checked against the limits: positive integers, at most maxPoints of them. */
export function parseSweepSizes(
  text: string | number[],
  limits: Partial<SweepLimits> = {},
  /** How the caller's input names the sizes in an error (the CLI flag, or the REST field). */
  label = "--sizes",
): number[] {
  const { maxSize, maxPoints } = { ...defaultSweepLimits, ...limits };
  const raw = typeof text === "string" ? text.split(",").map((s) => s.trim()) : text.map(String);
  if (raw.length === 0 || raw.every((s) => s === "")) throw new Error(`${label} needs at least one size`);
  const sizes = raw.map((s) => {
    const n = Number(s.replace(/_/g, ""));
    if (!Number.isInteger(n) || n < 1) throw new Error(`${label}: "${s}" is not a positive whole number`);
    if (n > maxSize)
      throw new Error(`${label}: ${n} exceeds the sweep's maximum size of ${maxSize} elements`);
    return n;
  });
  const unique = [...new Set(sizes)].sort((a, b) => a - b);
  if (unique.length > maxPoints)
    throw new Error(`${label}: ${unique.length} sizes exceed the sweep's maximum of ${maxPoints} points`);
  return unique;
}
