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

/** Tells the parent untimed work is over and waits for its go (see TurnScheduler). */
export async function waitForTurn(): Promise<Extract<ParentMessage, { type: "go" }>> {
  const go = new Promise<Extract<ParentMessage, { type: "go" }>>((resolve) => {
    const onMessage = (m: ParentMessage) => {
      if (m.type !== "go") return;
      process.off("message", onMessage);
      resolve(m);
    };
    process.on("message", onMessage);
  });
  await send({ type: "ready" });
  return go;
}

export function errorText(err: unknown): string {
  const e = err as Error;
  return (e?.message ?? String(err)).split("\n")[0] ?? "unknown error";
}
