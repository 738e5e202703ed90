// PostgreSQL and Redis on a bare Debian machine: install them (as root), start them, and give the
// default `wirebench` database role its login. Used by `npm run up`, `npm test` and `.ci/run`.
// When DATABASE_URL / REDIS_URL point at another host, nothing is installed: the services are only
// checked, since they are someone else's to run.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { createConnection } from "node:net";
import { aptInstall, fail, log, onPath, run } from "./lib.mjs";

/** Defaults shared with packages/db and the apps' env.ts (one role, password = name, loopback only). */
export const defaultDatabaseUrl = "postgresql://wirebench:wirebench@127.0.0.1:5432/wirebench";
export const defaultRedisUrl = "redis://127.0.0.1:6379";

const isRoot = () => process.getuid?.() === 0;
const isLoopback = (host) => ["127.0.0.1", "localhost", "::1", "[::1]"].includes(host);
const quiet = (cmd, args, opts = {}) => spawnSync(cmd, args, { encoding: "utf8", ...opts });

/** Resolves when something accepts TCP connections on host:port within timeoutMs. */
function reachable(host, port, timeoutMs = 1_000) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: host.replace(/^\[|\]$/g, ""), port: Number(port) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

async function waitFor(host, port, what, seconds = 30) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await reachable(host, port, 250)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  fail(`${what} did not start on ${host}:${port} within ${seconds} s`);
}

/** Debian's cluster tools: start the newest installed cluster (creating `main` when none exists). */
function startDebianPostgres() {
  const versions = existsSync("/etc/postgresql") ? readdirSync("/etc/postgresql").sort() : [];
  let version = versions.at(-1);
  if (!version || !existsSync(`/etc/postgresql/${version}/main`)) {
    const installed = readdirSync("/usr/lib/postgresql").sort().at(-1);
    if (!installed) fail("PostgreSQL is installed but no server version was found in /usr/lib/postgresql");
    log(`creating the PostgreSQL ${installed} cluster "main"`);
    run("pg_createcluster", [installed, "main"]);
    version = installed;
  }
  log(`starting PostgreSQL ${version}`);
  run("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], { allowFailure: true });
}

/**
 * Creates the login role of the default URL through the local socket (peer authentication as the
 * `postgres` system user), so Debian's pg_hba.conf stays as shipped: password auth on loopback.
 */
function ensureRole(user, password) {
  const psql = (sql) =>
    quiet("runuser", ["-u", "postgres", "--", "psql", "-v", "ON_ERROR_STOP=1", "-tAc", sql], { cwd: "/" });
  const found = psql(`SELECT 1 FROM pg_roles WHERE rolname = '${user}'`);
  if (found.status !== 0) fail(`cannot reach PostgreSQL as the postgres user: ${found.stderr.trim()}`);
  if (found.stdout.trim() === "1") return;
  log(`creating the PostgreSQL role ${user} (may create databases)`);
  const made = psql(`CREATE ROLE "${user}" LOGIN CREATEDB PASSWORD '${password.replace(/'/g, "''")}'`);
  if (made.status !== 0) fail(`creating role ${user} failed: ${made.stderr.trim()}`);
}

export async function ensurePostgres(url = process.env.DATABASE_URL ?? defaultDatabaseUrl) {
  const u = new URL(url);
  const host = u.hostname;
  const port = u.port || "5432";
  const local = isLoopback(host);
  if (!(await reachable(host, port))) {
    if (!local)
      fail(`PostgreSQL at ${host}:${port} (DATABASE_URL) is not reachable; start it or fix the URL`);
    if (!onPath("pg_ctlcluster") || !existsSync("/usr/lib/postgresql")) {
      aptInstall(["postgresql"], "PostgreSQL is not installed");
    }
    if (!isRoot()) fail("PostgreSQL is not running: start it with `sudo pg_ctlcluster <version> main start`");
    startDebianPostgres();
    await waitFor(host, port, "PostgreSQL");
  }
  // Only a server we run ourselves gets a role; anyone else's server is theirs to configure.
  if (local && isRoot() && onPath("runuser") && existsSync("/etc/postgresql")) {
    ensureRole(decodeURIComponent(u.username || "postgres"), decodeURIComponent(u.password || ""));
  }
}

export async function ensureRedis(url = process.env.REDIS_URL ?? defaultRedisUrl) {
  const u = new URL(url);
  const host = u.hostname;
  const port = u.port || "6379";
  if (await reachable(host, port)) return;
  if (!isLoopback(host))
    fail(`Redis at ${host}:${port} (REDIS_URL) is not reachable; start it or fix the URL`);
  if (!onPath("redis-server")) aptInstall(["redis-server"], "Redis is not installed");
  log(`starting Redis on ${host}:${port}`);
  const dir = isRoot() ? "/var/lib/redis" : `${process.env.HOME}/.wirebench/redis`;
  mkdirSync(dir, { recursive: true });
  // Loopback only; BullMQ wants no eviction of its keys. RDB snapshots keep queued jobs across restarts.
  run("redis-server", [
    "--daemonize",
    "yes",
    "--bind",
    "127.0.0.1",
    "-::1",
    "--port",
    port,
    "--dir",
    dir,
    "--logfile",
    `${dir}/redis.log`,
    "--maxmemory-policy",
    "noeviction",
  ]);
  await waitFor(host, port, "Redis");
}

export async function ensureServices() {
  await ensurePostgres();
  await ensureRedis();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await ensureServices();
  log("PostgreSQL and Redis are up");
}
