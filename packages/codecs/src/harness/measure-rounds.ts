import { bytesAllocatedPerOp } from "./allocations.ts";
import { warmUpAndCalibrate } from "./calibrate.ts";
import { errorText, send, waitForTurn } from "./child-ipc.ts";
import { type OpPlan, planSamples, REWARM_FRACTION, samplesInRound } from "./plan-samples.ts";
import type { Live } from "./prepare-live.ts";
import type { MeasureSettings, Op } from "./protocol.ts";
import { precise } from "./statistics.ts";
import { compileTimedLoop } from "./timed-batch.ts";

const OPS = ["encode", "decode", "access"] as const;

/**
 * Warms every prepared format up, counts allocations, waits for this child's turn and times all
 * formats interleaved in rounds, each operation getting the samples its share of the budget allows.
 */
export async function measureRounds(
  live: Live[],
  s: MeasureSettings,
  processes: number,
  jitEvents: () => number,
): Promise<void> {
  const failed = new Set<string>();
  const guard = async (l: Live, work: () => Promise<void>) => {
    if (failed.has(l.id)) return;
    try {
      await work();
    } catch (err) {
      failed.add(l.id);
      await send({ type: "failed", id: l.id, error: `measuring failed: ${errorText(err)}` });
    }
  };

  // Warm every format up first, so rounds compare JIT-settled code for all of them.
  for (const l of live) {
    await guard(l, async () => {
      const c = l.codec;
      // The codec's own functions, unwrapped: a wrapper is one more call the application would not make.
      const ops: [Op, (arg: unknown) => unknown, unknown[]][] = [
        ["encode", c.encode, c.inputs],
        ["decode", c.decode as (arg: unknown) => unknown, l.encoded],
      ];
      if (c.access) ops.push(["access", c.access as (arg: unknown) => unknown, l.encoded]);
      for (const [op, fn, args] of ops) {
        await send({ type: "step", id: l.id, step: "warmup", op });
        const loop = compileTimedLoop();
        const { iterations, stable, nsPerOp } = warmUpAndCalibrate(fn, args, s, loop, l.prior[op], jitEvents);
        l.fns[op] = { fn, args, iterations, stable, loop, nsPerOp };
      }
    });
  }

  // Counting bytes is not timing, so it happens before this child's turn, beside other children.
  if (s.measureAllocations) {
    for (const l of live) {
      await guard(l, async () => {
        await send({ type: "step", id: l.id, step: "allocations" });
        for (const op of OPS) {
          const m = l.fns[op];
          if (m) await send({ type: "alloc", id: l.id, op, bytesPerOp: bytesAllocatedPerOp(m.fn, m.args) });
        }
      });
    }
  }

  const { budgetMs } = await waitForTurn();
  const standing = live.filter((l) => !failed.has(l.id));
  const plans = planSamples(
    standing.flatMap((l) =>
      OPS.flatMap((op) => {
        const m = l.fns[op];
        return m ? [{ key: `${l.id}\0${op}`, nsPerSample: m.nsPerOp * m.iterations }] : [];
      }),
    ),
    {
      budgetNs: budgetMs * 1e6,
      desired: s.rounds * s.samplesPerRound,
      floor: Math.ceil(s.minSamples / Math.max(1, processes)),
      rounds: s.rounds,
    },
  );
  const planOf = (l: Live, op: Op) => plans.get(`${l.id}\0${op}`) as OpPlan;
  for (const l of standing)
    for (const op of OPS) {
      if (!l.fns[op]) continue;
      const p = planOf(l, op);
      await send({
        type: "plan",
        id: l.id,
        op,
        samples: p.samples,
        budgetBound: p.bound,
        overBudget: p.overBudget,
      });
    }

  // Samples taken per operation, so one whose interval is already tight enough can stop early.
  const taken = new Map<string, number[]>();
  for (let round = 0; round < s.rounds; round++) {
    // Rotate the starting format each round so no format always runs first (or right after GC-heavy ones).
    for (let k = 0; k < live.length; k++) {
      const l = live[(k + round) % live.length] as Live;
      await guard(l, async () => {
        await send({ type: "step", id: l.id, step: "measure", round });
        for (const op of OPS) {
          const m = l.fns[op];
          if (!m) continue;
          const plan = planOf(l, op);
          const key = `${l.id}\0${op}`;
          const so = taken.get(key) ?? [];
          const count = precise(so, s.stopCiWidth) ? 0 : samplesInRound(plan.samples, s.rounds, round);
          if (count === 0) continue;
          // Untimed calls first: the other formats ran since this one last did, and its code and
          // caches should be as warm as in an application that calls it in a loop.
          if (plan.rewarm) m.loop(m.fn, m.args, Math.ceil(m.iterations * REWARM_FRACTION));
          const nsPerOp: number[] = [];
          for (let i = 0; i < count; i++) {
            nsPerOp.push(m.loop(m.fn, m.args, m.iterations) / m.iterations);
            // Checked after every sample, not only between rounds, so a steady operation stops at six.
            if (precise([...so, ...nsPerOp], s.stopCiWidth)) break;
          }
          taken.set(key, [...so, ...nsPerOp]);
          await send({
            type: "samples",
            id: l.id,
            op,
            round,
            nsPerOp,
            iterations: m.iterations,
            warmupStable: m.stable,
          });
        }
      });
    }
  }
}
