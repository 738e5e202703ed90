import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunFixture, type RunFixture, spawnNode, type WorkerProcess, waitFor } from "./helpers.ts";

const driver = fileURLToPath(new URL("./fixtures/supervise-driver.mjs", import.meta.url));

let f: RunFixture;
beforeAll(async () => {
  f = await createRunFixture("supervise");
});
afterAll(async () => f?.close());

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Supervisor extends WorkerProcess {
  pidsOf(name: string): number[];
}

function startSupervisor(port: number): Supervisor {
  const web = ["node", "-e", `require("http").createServer((q, s) => s.end("web ok")).listen(${port})`];
  const proc = spawnNode([driver], {
    DATABASE_URL: f.db.url,
    WIREBENCH_QUEUE: f.queueName,
    SUPERVISE_WEB_CMD: JSON.stringify(web),
    WIREBENCH_WORKER_RESTART_DELAY_MS: "300",
  });
  return {
    ...proc,
    pidsOf: (name) =>
      [...proc.output().matchAll(new RegExp(`${name} started \\(pid (\\d+)\\)`, "g"))].map((m) =>
        Number(m[1]),
      ),
  };
}

const readyCount = (s: Supervisor) => s.output().split('"msg":"worker ready"').length - 1;

describe("npm run up's supervision (scripts/supervise.mjs)", () => {
  it("restarts a killed worker with growing back-off while the web app keeps serving", async () => {
    const port = await freePort();
    const sup = startSupervisor(port);
    try {
      await waitFor(() => readyCount(sup) === 1, "the first worker to be ready", 90_000);
      const [web] = sup.pidsOf("web") as [number];
      const [first] = sup.pidsOf("worker") as [number];

      // The worker's whole process group dies at once, as when it runs out of memory.
      process.kill(-first, "SIGKILL");
      await waitFor(() => readyCount(sup) === 2, "a restarted worker to be ready", 90_000);
      expect(sup.output()).toMatch(/worker exited \(SIGKILL\); restarting in 300 ms/);
      const [, second] = sup.pidsOf("worker") as [number, number];
      expect(second).not.toBe(first);
      expect(alive(second)).toBe(true);

      process.kill(-second, "SIGKILL");
      await waitFor(() => sup.pidsOf("worker").length === 3, "a third worker", 90_000);
      // Died again soon after starting: the wait doubled.
      expect(sup.output()).toMatch(/worker exited \(SIGKILL\); restarting in 600 ms/);

      expect(sup.pidsOf("web")).toEqual([web]);
      expect(alive(web)).toBe(true);
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("web ok");
      expect(sup.child.exitCode).toBeNull();
    } finally {
      sup.child.kill("SIGTERM");
      expect(await sup.exit()).toBe(0);
    }
  }, 240_000);

  it("stops everything when the web app dies", async () => {
    const sup = startSupervisor(await freePort());
    try {
      await waitFor(() => readyCount(sup) === 1, "the worker to be ready", 90_000);
      const [web] = sup.pidsOf("web") as [number];
      const [worker] = sup.pidsOf("worker") as [number];
      process.kill(-web, "SIGKILL");
      expect(await sup.exit()).toBe(1);
      expect(sup.output()).toContain("web exited (SIGKILL); stopped everything");
      // A graceful stop, not a kill: the tsx CLI, which `npm run start` used to run, SIGKILLs its child
      // when the child does not confirm a signal within 60 ms, as a busy machine often cannot.
      expect(sup.output()).toContain('"msg":"worker stopped"');
      expect(alive(worker)).toBe(false);
    } finally {
      sup.child.kill("SIGKILL");
    }
  }, 180_000);

  it("refuses a bad back-off setting with one line naming it, before starting anything", async () => {
    const sup = spawnNode([driver], { WIREBENCH_WORKER_RESTART_DELAY_MS: "soon" });
    expect(await sup.exit()).toBe(1);
    expect(sup.output().trim()).toBe(
      "[supervise] WIREBENCH_WORKER_RESTART_DELAY_MS: must be a whole number of milliseconds",
    );
  });
});
