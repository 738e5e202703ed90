/**
 * Schedules a run's child processes so that nothing else runs while one of them is timing.
 *
 * Starting Node, preparing codecs and warming up take most of a child's life (about 4.5 s of 5 on a
 * 10 KB sample with every format) and none of it is timed, so children do that side by side, up to
 * `parallel` at once. Timed rounds are another matter: a second busy process on a 2-core machine
 * shares caches, memory bandwidth and clock boost with the one being timed. So a child that finished
 * its untimed work waits idle for its turn, and a turn is granted only when no other child is busy or
 * timing. Turns go in process order, so the run is reproducible. With `alone` off (quick runs), a
 * ready child times at once, still counted busy until it exits, so `parallel` bounds all of them.
 */
export class TurnScheduler {
  private busy = 0;
  private timing = false;
  private readonly starting: (() => void)[] = [];
  private readonly waiting: { order: number; grant: () => void }[] = [];

  constructor(
    private readonly parallel: number,
    private readonly alone = true,
  ) {}

  /**
   * Resolves when a new child may start (fewer than `parallel` are busy and nobody is timing) with
   * the handle through which that child reports being ready, and exiting.
   */
  async start(order: number): Promise<ChildTurn> {
    await new Promise<void>((resolve) => {
      this.starting.push(resolve);
      this.pump();
    });
    let state: "busy" | "waiting" | "timing" | "gone" = "busy";
    let waiter: { order: number; grant: () => void } | undefined;
    return {
      ready: () => {
        if (state !== "busy") throw new Error(`a child cannot get ready when ${state}`);
        if (!this.alone) return Promise.resolve();
        this.busy--;
        state = "waiting";
        return new Promise<void>((resolve) => {
          waiter = {
            order,
            grant: () => {
              state = "timing";
              resolve();
            },
          };
          this.waiting.push(waiter);
          this.waiting.sort((a, b) => a.order - b.order);
          this.pump();
        });
      },
      exited: () => {
        if (state === "busy") this.busy--;
        else if (state === "timing") this.timing = false;
        else if (state === "waiting") this.waiting.splice(this.waiting.indexOf(waiter as never), 1);
        state = "gone";
        this.pump();
      },
    };
  }

  private pump(): void {
    if (this.timing) return;
    // Children still to start go first: once a turn is granted, no child can start until it ends.
    while (this.starting.length > 0 && this.busy < this.parallel) {
      this.busy++;
      this.starting.shift()?.();
    }
    if (this.busy > 0 || this.starting.length > 0) return;
    const next = this.waiting.shift();
    if (next) {
      this.timing = true;
      next.grant();
    }
  }
}

/** One child's side of the schedule. */
export interface ChildTurn {
  /** The child finished its untimed work; resolves when it may time its rounds. */
  ready(): Promise<void>;
  /** The child exited, in whatever state; frees what it held. */
  exited(): void;
}
