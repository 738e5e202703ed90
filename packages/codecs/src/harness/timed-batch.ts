/**
 * The timed loop. Every result is consumed into a sink so V8 cannot prove the work dead and delete
 * it; the checksum is sent to the parent at the end so even the sink is observable.
 */
export type OpFn = (arg: never) => unknown;

/** Runs `fn` `n` times over `args` (cyclically) and returns nanoseconds for the whole batch. */
export type TimedLoop = (fn: (arg: unknown) => unknown, args: unknown[], n: number) => number;

const state = { sink: 0, keep: undefined as unknown };

export function checksum(): number {
  return state.sink + (state.keep === undefined ? 0 : 1);
}

const loopBody = `
  const len = args.length;
  let j = 0;
  let local = 0;
  let last;
  const t0 = hrtime.bigint();
  for (let i = 0; i < n; i++) {
    last = fn(args[j]);
    local += last === undefined ? 0 : 1;
    j = j + 1 === len ? 0 : j + 1;
  }
  const t1 = hrtime.bigint();
  state.sink = (state.sink + local) | 0;
  state.keep = last;
  return Number(t1 - t0);
`;

/**
 * A timed loop of its own for one format and operation. V8 keeps type feedback per function, so one
 * loop shared by every format makes its `fn(...)` call site megamorphic: nothing is inlined, and a
 * fast codec (protobufjs, ~5 µs per message) measured through it ran 15–20 % slower than the same
 * call in a plain loop (bench/overhead.ts). A copy compiled from source has its own feedback, so its
 * call site sees one target, as an application's hot loop does.
 */
export function compileTimedLoop(): TimedLoop {
  const make = new Function("hrtime", "state", `return function timedLoop(fn, args, n) {${loopBody}};`);
  return make(process.hrtime, state) as TimedLoop;
}
