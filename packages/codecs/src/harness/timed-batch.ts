/**
 * The timed loop. Every result is consumed into `sink` so V8 cannot prove the work dead and delete
 * it; the checksum is sent to the parent at the end so even the sink is observable.
 */
export type OpFn = (arg: never) => unknown;

let sink = 0;
let keep: unknown;

export function checksum(): number {
  return sink + (keep === undefined ? 0 : 1);
}

/** Runs `fn` `n` times over `args` (cyclically) and returns nanoseconds for the whole batch. */
export function timeBatch(fn: (arg: unknown) => unknown, args: unknown[], n: number): number {
  const len = args.length;
  let j = 0;
  let local = 0;
  let last: unknown;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    last = fn(args[j]);
    local += last === undefined ? 0 : 1;
    j = j + 1 === len ? 0 : j + 1;
  }
  const t1 = process.hrtime.bigint();
  sink = (sink + local) | 0;
  keep = last;
  return Number(t1 - t0);
}
