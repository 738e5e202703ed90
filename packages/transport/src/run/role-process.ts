import { fileURLToPath } from "node:url";
import {
  type Attempt,
  attemptOf,
  type ChildIdentity,
  forkBounded,
  type Limits,
  lastErrorLine,
  memoryBoundExceeded,
} from "@wirebench/codecs";
import type { ChildToParent, ParentToChild, RoleJob } from "../children/protocol.ts";

const entries = {
  producer: fileURLToPath(new URL("../children/producer-main.ts", import.meta.url)),
  consumer: fileURLToPath(new URL("../children/consumer-main.ts", import.meta.url)),
};

type Reply<T extends ChildToParent["type"]> = Extract<ChildToParent, { type: T }>;

/**
 * A producer or consumer child (the harness's bounded, sandboxed fork) and its messages, awaited one
 * at a time: `next` rejects with the bound or the child's last words when it dies, with the child's
 * own error, or naming `limitName` when `timeoutMs` passes first (the child is killed then).
 */
export class RoleProcess {
  private readonly bounded: ReturnType<typeof forkBounded>;
  private readonly inbox: ChildToParent[] = [];
  private waiter: (() => void) | undefined;
  private death: string | undefined;
  /** Whether the child has sent anything: one killed before that had not begun (see attempt). */
  private heard = false;

  constructor(
    readonly role: "producer" | "consumer",
    job: RoleJob,
    limits: Limits,
    identity: ChildIdentity | undefined,
  ) {
    const bounds = { heapMb: limits.memoryMb, rssMb: limits.rssMb, rssPollMs: limits.rssPollMs };
    this.bounded = forkBounded(entries[role], { ...bounds, identity });
    this.bounded.child.on("message", (m: ChildToParent) => {
      this.heard = true;
      this.inbox.push(m);
      this.waiter?.();
    });
    this.bounded.exited.then((exit) => {
      this.death =
        memoryBoundExceeded(exit, bounds) ??
        `the ${role} process ended (${lastErrorLine(exit) ?? `exit ${exit.code ?? exit.signal}`})`;
      this.waiter?.();
    });
    this.bounded.child.send(job);
  }

  tell(msg: ParentToChild): void {
    if (this.bounded.child.connected) this.bounded.child.send(msg);
  }

  async next<T extends ChildToParent["type"]>(
    type: T,
    timeoutMs: number,
    limitName: string,
  ): Promise<Reply<T>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const m = this.inbox.shift();
      if (m?.type === "error") throw new Error(`${this.role}: ${m.error}`);
      if (m?.type === type) return m as Reply<T>;
      if (m) continue;
      if (this.death) throw new Error(this.death);
      const left = deadline - Date.now();
      if (left <= 0) {
        this.kill();
        throw new Error(`exceeded ${limitName} (${timeoutMs} ms)`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = undefined;
    }
  }

  kill(): void {
    this.bounded.kill("time");
  }

  exited(): Promise<unknown> {
    return this.bounded.exited;
  }

  /** How the child ended: killed by a signal not sent here before it said a word, or otherwise. */
  async attempt(): Promise<Attempt> {
    return attemptOf(await this.bounded.exited, this.heard);
  }
}
