import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { processesRunning } from "../helpers/processes.ts";

const parentScript = fileURLToPath(new URL("./measuring-parent.ts", import.meta.url));

interface Parent {
  proc: ChildProcess;
  lines: Record<string, unknown>[];
}

function startParent(
  rounds: number,
  detached: boolean,
  codec: "slow" | "hangs" | "compiler" = "slow",
  ...more: string[]
): Parent {
  const proc = spawn(process.execPath, ["--import", "tsx", parentScript, String(rounds), codec, ...more], {
    stdio: ["ignore", "pipe", "inherit"],
    detached,
    env: { ...process.env, MEASURING_PARENT_WORK_DIR: scratchDir("wirebench-parent-") },
  });
  const lines: Record<string, unknown>[] = [];
  let buf = "";
  proc.stdout?.on("data", (d) => {
    buf += d;
    for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
      lines.push(JSON.parse(buf.slice(0, i)) as Record<string, unknown>);
      buf = buf.slice(i + 1);
    }
  });
  return { proc, lines };
}

async function until<T>(check: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = check();
    if (v !== undefined) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Running, as opposed to gone or a zombie nobody reaped yet (PID 1 in a container may not reap). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

const childPidsOf = (p: Parent) =>
  until(
    () => p.lines.find((l) => Array.isArray(l.childPids))?.childPids as number[] | undefined,
    "the measurement child to start measuring",
  );

describe("measurement child lifetime", () => {
  it("exits soon after its parent is killed, instead of measuring on as an orphan", async () => {
    const parent = startParent(1_000_000, false);
    started.push(parent.proc.pid as number);
    const pids = await childPidsOf(parent);
    started.push(...pids);
    expect(pids).toHaveLength(1);
    const child = pids[0] as number;
    expect(running(child)).toBe(true);

    parent.proc.kill("SIGKILL");
    await until(() => (running(child) ? undefined : true), "the orphaned child to exit", 15_000);
    expect(running(child)).toBe(false);
  });

  it("exits after its parent is killed even while a format is stuck in a synchronous loop", async () => {
    const parent = startParent(1, false, "hangs");
    started.push(parent.proc.pid as number);
    const pids = await childPidsOf(parent);
    started.push(...pids);
    const child = pids[0] as number;
    // Let it reach the endless loop (the second encode call, in warm-up).
    await new Promise((r) => setTimeout(r, 300));
    expect(running(child)).toBe(true);

    parent.proc.kill("SIGKILL");
    await until(() => (running(child) ? undefined : true), "the stuck orphan to exit", 15_000);
    expect(running(child)).toBe(false);
  });

  it("takes a schema compiler it started down with it when its parent is killed", async () => {
    // A duration no other process uses, so the test finds exactly this "compiler" (sleep).
    const seconds = `${300 + Math.floor(Math.random() * 600)}.${process.pid}`;
    const parent = startParent(1, false, "compiler", seconds);
    started.push(parent.proc.pid as number);
    const [compiler] = await until(() => {
      const found = processesRunning(["sleep", seconds]);
      return found.length > 0 ? found : undefined;
    }, "the compiler to start");
    started.push(compiler as number);

    parent.proc.kill("SIGKILL");
    await until(() => (running(compiler as number) ? undefined : true), "the compiler to exit", 15_000);
    expect(processesRunning(["sleep", seconds])).toEqual([]);
  });

  it("survives a SIGTERM sent to its parent's process group and completes the measurement", async () => {
    const parent = startParent(300, true);
    started.push(parent.proc.pid as number);
    started.push(...(await childPidsOf(parent)));

    // What scripts/up.mjs does to stop the worker: signal the whole process group.
    process.kill(-(parent.proc.pid as number), "SIGTERM");
    const outcome = await until(
      () => parent.lines.find((l) => l.outcome)?.outcome as { completed: boolean } | undefined,
      "the measurement to end",
      60_000,
    );
    expect(parent.lines.some((l) => l.signal === "SIGTERM")).toBe(true);
    expect(outcome.completed).toBe(true);
  });
});
