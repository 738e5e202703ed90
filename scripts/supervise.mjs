// Keeps `npm run up`'s processes running: each service in a process group of its own (so stopping
// reaches npm's grandchildren too). A service marked `restart` (the worker) that dies is started
// again after an exponential back-off; any other (the web app) dying stops everything, since the
// app is useless without it. A worker that dies never takes the web app down with it.
import { spawn } from "node:child_process";

/** Back-off settings from the environment; a bad value is one line naming the variable. */
export function restartSettings(env = process.env) {
  const ms = (name, fallback) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name}: must be a whole number of milliseconds`);
    return n;
  };
  return {
    /** First wait before restarting a crashed worker; doubled after each crash in a row. */
    initialMs: ms("WIREBENCH_WORKER_RESTART_DELAY_MS", 1_000),
    /** The back-off never waits longer than this. */
    maxMs: ms("WIREBENCH_WORKER_RESTART_MAX_DELAY_MS", 60_000),
    /** A worker that stayed up this long died of something new: the back-off starts over. */
    stableMs: ms("WIREBENCH_WORKER_STABLE_MS", 60_000),
    /** Stopping waits this long for every process of a service (the worker's graceful stop), then kills. */
    stopTimeoutMs: ms("WIREBENCH_STOP_TIMEOUT_MS", 45_000),
  };
}

/** restartSettings, or `fail` with the line naming the bad variable (call it before slow set-up). */
export function restartSettingsOrFail(fail) {
  try {
    return restartSettings();
  } catch (err) {
    return fail(err.message);
  }
}

const groupAlive = (child) => {
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Resolves once every process of the child's group has exited (npm leaves before the worker it runs
 * has finished its graceful stop); after `timeoutMs` the rest of the group is killed.
 */
function groupGone(child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve) => {
    const poll = () => {
      if (!groupAlive(child)) return resolve();
      if (Date.now() > deadline) signalGroup(child, "SIGKILL");
      setTimeout(poll, 100);
    };
    poll();
  });
}

const signalGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
};

/**
 * Starts `services` ({name, cmd: [bin, ...args], env, restart}) from `cwd`. `log` gets one line per
 * start, crash and restart; `onFatal(name, why)` is called once when a service without `restart`
 * has exited and everything else has stopped. Returns `stop()`, which SIGTERMs every group and
 * resolves when all have exited.
 */
export function supervise(services, { cwd, settings = restartSettings(), log = console.log, onFatal }) {
  let stopping = false;
  const live = new Map();
  const pending = new Set();

  const start = (svc, delayMs) => {
    const child = spawn(svc.cmd[0], svc.cmd.slice(1), {
      cwd,
      env: { ...process.env, ...svc.env },
      stdio: ["ignore", "inherit", "inherit"],
      detached: true,
    });
    const startedAt = Date.now();
    live.set(svc.name, child);
    log(`${svc.name} started (pid ${child.pid})`);
    child.on("exit", (code, signal) => {
      live.delete(svc.name);
      if (stopping) return;
      const why = code ?? signal;
      // Whatever the dead leader left in its group (tsx's node under npm) goes with it.
      signalGroup(child, "SIGKILL");
      if (!svc.restart) {
        void stop().then(() => onFatal?.(svc.name, why));
        return;
      }
      const wait = Date.now() - startedAt >= settings.stableMs ? settings.initialMs : delayMs;
      log(`${svc.name} exited (${why}); restarting in ${wait} ms`);
      const timer = setTimeout(() => {
        pending.delete(timer);
        if (!stopping) start(svc, Math.min(settings.maxMs, Math.max(1, wait) * 2));
      }, wait);
      pending.add(timer);
    });
  };

  const groups = new Set();
  function stop() {
    if (!stopping) {
      stopping = true;
      for (const t of pending) clearTimeout(t);
      for (const child of live.values()) {
        signalGroup(child, "SIGTERM");
        groups.add(groupGone(child, settings.stopTimeoutMs));
      }
    }
    return Promise.all(groups);
  }

  for (const svc of services) start(svc, settings.initialMs);
  return { stop };
}

/**
 * `npm run up`'s loop: supervises `services` until SIGINT/SIGTERM (exit 0 once all stopped) or until a
 * service that must not die dies (exit 1 through `fail`, naming it).
 */
export function superviseUntilStopped(services, { cwd, log, fail, settings = restartSettingsOrFail(fail) }) {
  const running = supervise(services, {
    cwd,
    settings,
    log,
    onFatal: (name, why) => fail(`${name} exited (${why}); stopped everything`),
  });
  for (const sig of ["SIGINT", "SIGTERM"]) {
    process.on(sig, () => {
      log(`stopping ${services.map((s) => s.name).join(" and ")}`);
      running.stop().then(() => process.exit(0));
    });
  }
  return running;
}
