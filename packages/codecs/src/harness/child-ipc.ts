import type { ChildMessage, ParentMessage } from "./protocol.ts";

/**
 * Rejects once the parent is gone, so a child never keeps measuring for nobody: each step awaits a
 * send, and the rejection ends the run.
 */
export function send(msg: ChildMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send || !process.connected) {
      reject(new Error("the parent process is gone (IPC channel closed)"));
      return;
    }
    process.send(msg, undefined, {}, (err) => (err ? reject(err) : resolve()));
  });
}

/** Sends `msg` and waits for the parent's answer of type `type`. */
async function ask<T extends ParentMessage["type"]>(
  msg: ChildMessage,
  type: T,
): Promise<Extract<ParentMessage, { type: T }>> {
  const answer = new Promise<Extract<ParentMessage, { type: T }>>((resolve) => {
    const onMessage = (m: ParentMessage) => {
      if (m.type !== type) return;
      process.off("message", onMessage);
      resolve(m as Extract<ParentMessage, { type: T }>);
    };
    process.on("message", onMessage);
  });
  await send(msg);
  return answer;
}

/** Tells the parent untimed work is over and waits for its go (see TurnScheduler). */
export function waitForTurn(): Promise<Extract<ParentMessage, { type: "go" }>> {
  return ask({ type: "ready" }, "go");
}

/** Asks the parent for another format to prepare (see FormatQueue). */
export function claimFormat(): Promise<Extract<ParentMessage, { type: "claimed" }>> {
  return ask({ type: "claim" }, "claimed");
}

export function errorText(err: unknown): string {
  const e = err as Error;
  return (e?.message ?? String(err)).split("\n")[0] ?? "unknown error";
}
