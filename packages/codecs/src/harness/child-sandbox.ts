import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The user children run as when the parent runs as root (Limits.childUser). */
export const defaultChildUser = "nobody";

export interface ChildIdentity {
  user: string;
  uid: number;
  gid: number;
}

export interface IdentityChoice {
  /** Undefined: children run as this process's own user. */
  identity?: ChildIdentity;
  /** Why children keep this process's user although it is root (a warning for the log). */
  warning?: string;
}

const require = createRequire(import.meta.url);
/** Files a child must read: the harness itself, the TypeScript loader, the libraries it measures. */
const neededPaths = [
  dirname(fileURLToPath(import.meta.url)),
  require.resolve("tsx"),
  require.resolve("protobufjs"),
  require.resolve("@wirebench/schemas"),
];
/**
 * Runs as the candidate user: every path readable and the temp dir writable (tsx caches there). A
 * shell, not Node: each run of a comparison asks (twice, with the bundle), and Node's start-up made
 * that about 50 ms a question.
 */
const probe = `dir="$1"; shift
for p in "$@"; do test -r "$p" || { echo "Error: cannot read $p" >&2; exit 1; }; done
test -w "$dir" && test -x "$dir" || { echo "Error: cannot write $dir" >&2; exit 1; }`;

const choices = new Map<string, IdentityChoice>();

/**
 * Which user children (measurement, data preparation, the schema compilers they start) run as. Only
 * root switches: to `user` (default `nobody`), after checking that user can read the code children
 * load and write the temp dir; if it cannot, children stay root and `warning` says why. An empty
 * `user` keeps root on purpose. Resolved once per user.
 */
export function chooseChildIdentity(
  user: string = defaultChildUser,
  extraPaths: string[] = [],
): IdentityChoice {
  if (!user || process.getuid?.() !== 0) return {};
  const key = `${user}\n${extraPaths.join("\n")}`;
  const known = choices.get(key);
  if (known) return known;
  let choice: IdentityChoice;
  try {
    // One `id` for both numbers: "uid=65534(nobody) gid=65534(nogroup) groups=…".
    const ids = execFileSync("id", [user], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    const num = (key: string) => Number(new RegExp(`\\b${key}=(\\d+)`).exec(ids)?.[1] ?? Number.NaN);
    const identity = { user, uid: num("uid"), gid: num("gid") };
    if (!Number.isInteger(identity.uid) || !Number.isInteger(identity.gid))
      throw new Error(`cannot read the ids of ${user} from "${ids.trim()}"`);
    const res = spawnSync("/bin/sh", ["-c", probe, "probe", tmpdir(), ...neededPaths, ...extraPaths], {
      uid: identity.uid,
      gid: identity.gid,
      env: childEnv(identity),
      encoding: "utf8",
      timeout: 15_000,
    });
    choice =
      res.status === 0
        ? { identity }
        : {
            warning: `children run as root: user ${user} cannot read the code or write ${tmpdir()} (${
              (res.stderr ?? "").split("\n").find((l) => l.includes("Error")) ?? `exit ${res.status}`
            })`,
          };
  } catch (err) {
    choice = { warning: `children run as root: no user ${user} (${(err as Error).message.split("\n")[0]})` };
  }
  choices.set(key, choice);
  return choice;
}

/**
 * The children's user, checked once with the bundle among what it must read (each check starts a
 * shell as that user); only when that fails is it checked again without, and the children then
 * start from the sources (a cache folder under root's home would not be readable by them).
 */
export function childIdentityWith(
  user: string,
  bundle: string | undefined,
): { identity?: ChildIdentity; withBundle: boolean } {
  if (!bundle) return { ...chooseChildIdentity(user), withBundle: false };
  const withIt = chooseChildIdentity(user, [bundle]);
  if (withIt.identity || !withIt.warning) return { ...withIt, withBundle: true };
  // Children that stay root (the user cannot run them at all) read the bundle like anything else.
  const without = chooseChildIdentity(user);
  return { ...without, withBundle: !without.identity };
}

/**
 * The whole environment of a child: enough to find programs and write temp files, nothing else.
 * Secrets in the parent's environment (DATABASE_URL, REDIS_URL, tokens) never reach code that
 * handles a user's data; Node flags come from the parent's execArgv, not an inherited NODE_OPTIONS.
 */
export function childEnv(identity?: ChildIdentity): NodeJS.ProcessEnv {
  // Not typed ProcessEnv from the start: Next.js's types (the web app compiles this file) make
  // NODE_ENV required there, and a child's environment deliberately leaves it out.
  const env: Record<string, string> = {};
  for (const key of ["PATH", "LANG", "LC_ALL", "TMPDIR"]) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  // The unprivileged user's own home usually does not exist; root's is not theirs to write.
  env.HOME = identity ? tmpdir() : (process.env.HOME ?? tmpdir());
  return env as NodeJS.ProcessEnv;
}

/** Temp dirs of runs start with this, so a sweep at start can find the ones a killed process left. */
export const workDirPrefix = "wirebench-";

/** A fresh temp dir for one run, owned by the children's user so they can write generated code. */
export function createWorkDir(identity?: ChildIdentity, prefix = workDirPrefix): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (identity) chownSync(dir, identity.uid, identity.gid);
  return dir;
}
