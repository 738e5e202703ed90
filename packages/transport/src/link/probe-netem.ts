import { spawnSync } from "node:child_process";

export interface NetemProbe {
  available: boolean;
  /** Why not, in one line (the command and what it said), when not available. */
  reason?: string;
}

let cached: NetemProbe | undefined;

function run(args: string[]): { ok: boolean; out: string } {
  const res = spawnSync(args[0] as string, args.slice(1), { encoding: "utf8", timeout: 10_000 });
  const out = `${res.stderr ?? ""}${res.stdout ?? ""}${res.error?.message ?? ""}`.trim().split("\n")[0] ?? "";
  return { ok: res.status === 0, out };
}

function probe(): NetemProbe {
  if (process.getuid?.() !== 0)
    return { available: false, reason: "not root (network namespaces need root)" };
  const ns = `wbprobe-${process.pid}`;
  const add = run(["ip", "netns", "add", ns]);
  if (!add.ok) return { available: false, reason: `ip netns add: ${add.out || "failed"}` };
  try {
    run(["ip", "-n", ns, "link", "set", "lo", "up"]);
    const netem = run(["tc", "-n", ns, "qdisc", "add", "dev", "lo", "root", "netem", "delay", "1ms"]);
    return netem.ok
      ? { available: true }
      : { available: false, reason: `tc qdisc add … netem: ${netem.out}` };
  } finally {
    run(["ip", "netns", "del", ns]);
  }
}

/**
 * Whether this machine can emulate a link in the kernel: root, iproute2's `ip` and `tc`, network
 * namespaces, and the netem queueing discipline (a kernel module some kernels do not ship). Tried for
 * real in a throw-away namespace, once per process.
 */
export function probeNetem(): NetemProbe {
  cached ??= probe();
  return cached;
}
