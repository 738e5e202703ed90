import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { deserialize } from "node:v8";
import { endWithParent, loadAdapter, type PreparedCodec } from "@wirebench/codecs";
import type { Dataset } from "@wirebench/schemas";
import type { ChildToParent, ParentToChild, RoleJob } from "./protocol.ts";

/** Rejects once the parent is gone, so a child never keeps sending for nobody. */
export function send(msg: ChildToParent): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send || !process.connected) {
      reject(new Error("the parent process is gone (IPC channel closed)"));
      return;
    }
    process.send(msg, undefined, {}, (err) => (err ? reject(err) : resolve()));
  });
}

export const errorText = (err: unknown) => ((err as Error)?.message ?? String(err)).split("\n")[0] ?? "error";

/** Every format of the job prepared once (code generation included), outside anything measured. */
export async function prepareCodecs(
  job: RoleJob,
  role: string,
): Promise<{ codecs: Map<string, PreparedCodec>; failed: Record<string, string> }> {
  const dataset = deserialize(readFileSync(job.datasetPath)) as Dataset;
  const codecs = new Map<string, PreparedCodec>();
  const failed: Record<string, string> = {};
  for (const entry of job.entries) {
    try {
      const workDir = join(job.workDir, role, entry.format);
      mkdirSync(workDir, { recursive: true });
      const adapter = await loadAdapter(entry);
      await adapter.generate?.(dataset, { workDir });
      const prepared = await adapter.prepare(dataset, { workDir });
      if ("unsupported" in prepared) failed[entry.id] = `unsupported: ${prepared.unsupported}`;
      else codecs.set(entry.id, prepared);
    } catch (err) {
      failed[entry.id] = errorText(err);
    }
  }
  return { codecs, failed };
}

/** CPU time (user + system) this process has used, ns. */
export const cpuNs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
};

/**
 * Child entry boilerplate: dies with its parent, reads the job, then hands each later parent message
 * to `onMessage`; any failure is reported once and ends the child.
 */
export function childMain(
  start: (job: RoleJob) => Promise<void>,
  onMessage: (msg: ParentToChild) => Promise<void>,
): void {
  endWithParent();
  const fail = (err: unknown) => {
    send({ type: "error", error: errorText(err) })
      .catch(() => undefined)
      .finally(() => process.exit(1));
  };
  process.once("message", (job: RoleJob) => {
    start(job)
      .then(() => process.on("message", (m: ParentToChild) => onMessage(m).catch(fail)))
      .catch(fail);
  });
}
