// `npm run up`: install what is missing, migrate, build, then run the web app and the worker
// until Ctrl-C (or SIGTERM), which stops both. A worker that dies is restarted with back-off
// (scripts/supervise.mjs); the web app dying stops everything.
import { join } from "node:path";
import {
  ensureDebianPackages,
  ensureNodeModules,
  ensurePrismaClient,
  ensureRuntimes,
  fail,
  log,
  migrateDatabase,
  root,
  run,
} from "./lib.mjs";
import { ensureServices } from "./services.mjs";
import { restartSettingsOrFail, superviseUntilStopped } from "./supervise.mjs";

const settings = restartSettingsOrFail(fail);

ensureNodeModules();
ensureDebianPackages();
ensurePrismaClient();
await ensureRuntimes();
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
superviseUntilStopped(
  [
    {
      name: "web",
      cmd: ["npm", "run", "start", "-w", "@wirebench/web"],
      env: { PORT: port, NEXT_TELEMETRY_DISABLED: "1" },
      restart: false,
    },
    { name: "worker", cmd: ["npm", "run", "start", "-w", "@wirebench/worker"], env: {}, restart: true },
  ],
  { cwd: root, log, fail, settings },
);
log(`web on http://localhost:${port} and worker started; Ctrl-C stops both`);
