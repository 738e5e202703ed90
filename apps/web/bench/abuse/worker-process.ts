import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { defaultQueueName } from "@wirebench/jobs/env";
import { queue } from "./live-api.ts";

// The worker process of the live stack, from /proc.

const procText = (pid: string, file: string) => {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return "";
  }
};
const parentOf = (pid: string) =>
  procText(pid, "stat")
    .replace(/^.*\) /s, "")
    .split(" ")[1] ?? "";
export const rssKb = (pid: string) => Number(/VmRSS:\s+(\d+)/.exec(procText(pid, "status"))?.[1] ?? 0);

/** The worker's node process: runs src/main.ts in apps/worker, on our queue (tsx's own wrapper excluded). */
export function findWorker(): string | null {
  const pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  const matches = pids.filter((pid) => {
    if (
      !procText(pid, "cmdline")
        .split("\0")
        .some((a) => a.endsWith("src/main.ts"))
    )
      return false;
    let cwd = "";
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {}
    if (!cwd.endsWith("/apps/worker")) return false;
    const environ = procText(pid, "environ").split("\0");
    const q = environ.find((e) => e.startsWith("WIREBENCH_QUEUE="))?.slice("WIREBENCH_QUEUE=".length);
    return (q ?? defaultQueueName) === queue;
  });
  // tsx starts the real worker as its child: prefer the match whose parent also matches.
  return matches.find((pid) => matches.includes(parentOf(pid))) ?? matches[0] ?? null;
}

export function descendants(root: string): string[] {
  const pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  const parent = new Map(pids.map((p) => [p, parentOf(p)]));
  const out: string[] = [];
  const walk = (p: string) => {
    for (const [child, pp] of parent) {
      if (pp !== p) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}
