import { describe, expect, it } from "vitest";
import { type ChildTurn, TurnScheduler } from "../../src/harness/turns.ts";

/** Lets every settled promise's callbacks run. */
const tick = () => new Promise((r) => setImmediate(r));

/** Records what happens, in order, so each test can read the schedule. */
function recorder(scheduler: TurnScheduler) {
  const events: string[] = [];
  const turns = new Map<number, ChildTurn>();
  const start = (order: number) =>
    void scheduler.start(order).then((t) => {
      turns.set(order, t);
      events.push(`start ${order}`);
    });
  const ready = (order: number) =>
    void (turns.get(order) as ChildTurn).ready().then(() => events.push(`turn ${order}`));
  const exit = (order: number) => (turns.get(order) as ChildTurn).exited();
  return { events, start, ready, exit };
}

/** Three children asked to start with two slots: 0 and 1 start, 2 waits. */
async function threeStarted(scheduler: TurnScheduler) {
  const r = recorder(scheduler);
  r.start(0);
  r.start(1);
  r.start(2);
  await tick();
  expect(r.events).toEqual(["start 0", "start 1"]);
  return r;
}

describe("TurnScheduler", () => {
  it("starts up to `parallel` children at once and grants no turn while one is still busy", async () => {
    const r = await threeStarted(new TurnScheduler(2));
    r.ready(1);
    await tick();
    // Child 2 starts in the freed slot; child 1 waits, since children 0 and 2 are busy.
    expect(r.events).toEqual(["start 0", "start 1", "start 2"]);
    r.ready(0);
    await tick();
    expect(r.events).not.toContain("turn 0");
    r.ready(2);
    await tick();
    // Everyone is idle: turns go in process order, one at a time.
    expect(r.events.slice(3)).toEqual(["turn 0"]);
    r.exit(0);
    await tick();
    expect(r.events.slice(3)).toEqual(["turn 0", "turn 1"]);
    r.exit(1);
    await tick();
    expect(r.events.slice(3)).toEqual(["turn 0", "turn 1", "turn 2"]);
  });

  it("starts no child while another is timing: a restarted child waits for the turn to end", async () => {
    const r = recorder(new TurnScheduler(2));
    r.start(0);
    await tick();
    r.ready(0);
    await tick();
    expect(r.events).toEqual(["start 0", "turn 0"]);
    r.start(1);
    await tick();
    expect(r.events).toEqual(["start 0", "turn 0"]);
    r.exit(0);
    await tick();
    expect(r.events).toEqual(["start 0", "turn 0", "start 1"]);
  });

  it("forgets a child that dies while busy or while waiting, so the others still get their turns", async () => {
    const r = recorder(new TurnScheduler(3));
    r.start(0);
    r.start(1);
    r.start(2);
    await tick();
    r.ready(0);
    r.ready(1);
    await tick();
    r.exit(0); // died while waiting
    r.exit(2); // died while busy
    await tick();
    expect(r.events.filter((e) => e.startsWith("turn"))).toEqual(["turn 1"]);
  });

  it("refuses a second `ready` from the same child", async () => {
    const scheduler = new TurnScheduler(1);
    const turn = await scheduler.start(0);
    void turn.ready();
    expect(() => turn.ready()).toThrow(/cannot get ready when waiting|when timing/);
  });

  it("with `alone` off, grants a turn at once beside busy and timing children, within `parallel`", async () => {
    const r = await threeStarted(new TurnScheduler(2, false));
    r.ready(1);
    await tick();
    // Child 0 is still busy, yet child 1 times; it holds its slot, so child 2 does not start.
    expect(r.events).toEqual(["start 0", "start 1", "turn 1"]);
    r.ready(0);
    await tick();
    expect(r.events).toEqual(["start 0", "start 1", "turn 1", "turn 0"]);
    r.exit(1);
    await tick();
    expect(r.events.slice(4)).toEqual(["start 2"]);
  });
});
