// `npm run up`: install what is missing, migrate, build, then run the web app and the worker
// until Ctrl-C (or SIGTERM), which stops both.
import { spawn } from "node:child_process";
import { join } from "node:path";
import {
  ensureDebianPackages,
  ensureNodeModules,
  ensurePrismaClient,
  fail,
  log,
  migrateDatabase,
  root,
  run,
} from "./lib.mjs";
import { ensureServices } from "./services.mjs";

ensureNodeModules();
ensureDebianPackages();
ensurePrismaClient();
await ensureServices();
migrateDatabase();
// Turbo's cache makes this instant when nothing changed since the last build.
run(
  join(root, "node_modules", ".bin", "turbo"),
  ["run", "build", "--filter=@wirebench/web", "--output-logs=errors-only"],
  {
    env: { NEXT_TELEMETRY_DISABLED: "1", TURBO_TELEMETRY_DISABLED: "1" },
  },
);

const port = process.env.PORT ?? "3000";
const children = [
  { name: "web", cmd: ["npm", "run", "start", "-w", "@wirebench/web"], env: { PORT: port } },
  { name: "worker", cmd: ["npm", "run", "start", "-w", "@wirebench/worker"], env: {} },
].map(({ name, cmd, env }) => {
  const child = spawn(cmd[0], cmd.slice(1), {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true, // own process group, so stopping reaches npm's grandchildren too
  });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      stop();
      fail(`${name} exited (${code ?? signal}); stopping everything`);
    }
  });
  return child;
});
log(`web on http://localhost:${port} and worker started; Ctrl-C stops both`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  for (const c of children) {
    try {
      process.kill(-c.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    log("stopping web and worker");
    stop();
    Promise.all(
      children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once("exit", r)))),
    ).then(() => process.exit(0));
  });
}
