// Set-up steps shared by `npm run up`, `npm test` and `.ci/run`. Each step checks before it acts,
// so a second run does nothing that is already done.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const stampDir = join(root, "node_modules", ".wirebench");

export function log(msg) {
  console.log(`\x1b[36m[wirebench]\x1b[0m ${msg}`);
}

export function fail(msg) {
  console.error(`\x1b[31m[wirebench]\x1b[0m ${msg}`);
  process.exit(1);
}

/** Runs a command with inherited output; exits the whole script when it fails unless allowFailure. */
export function run(cmd, args, { allowFailure = false, ...opts } = {}) {
  const res = spawnSync(cmd, args, {
    stdio: "inherit",
    cwd: root,
    ...opts,
    env: { ...process.env, ...opts.env },
  });
  if (res.status !== 0 && !allowFailure)
    fail(`${cmd} ${args.join(" ")} failed (exit ${res.status ?? res.signal})`);
  return res.status === 0;
}

const hashOf = (...files) => {
  const h = createHash("sha256");
  for (const f of files) h.update(existsSync(f) ? readFileSync(f) : "");
  return h.digest("hex");
};
const stampMatches = (name, hash) =>
  existsSync(join(stampDir, name)) && readFileSync(join(stampDir, name), "utf8") === hash;
const writeStamp = (name, hash) => {
  mkdirSync(stampDir, { recursive: true });
  writeFileSync(join(stampDir, name), hash);
};

/**
 * `npm install` when node_modules is missing or package-lock.json changed since the last install.
 * Not `npm ci`: npm 11 rejects its own lock file there, listing other platforms' optional binaries
 * (Biome's, Turbo's) as missing.
 */
export function ensureNodeModules() {
  const lock = join(root, "package-lock.json");
  if (stampMatches("lock", hashOf(lock))) return;
  log("installing npm dependencies");
  run("npm", ["install", "--no-audit", "--no-fund"]);
  writeStamp("lock", hashOf(lock));
}

export const compilers = [
  { bin: "capnp", pkg: "capnproto" },
  { bin: "flatc", pkg: "flatbuffers-compiler" },
  { bin: "thrift", pkg: "thrift-compiler" },
  // The Protobuf reference of `npm run conformance` (Wirebench itself encodes Protobuf with protobufjs).
  { bin: "protoc", pkg: "protobuf-compiler" },
  // google/protobuf/*.proto (Timestamp and the other well-known types) for protoc.
  { file: "/usr/include/google/protobuf/timestamp.proto", pkg: "libprotobuf-dev" },
  // /capnp/c++.capnp, which real .capnp files import (the conformance corpus's addressbook.capnp).
  { file: "/usr/include/capnp/c++.capnp", pkg: "libcapnp-dev" },
  // `zstd --train`: the dictionaries of the sizes as shipped (packages/codecs/src/sizes/zstd-dictionary.ts).
  { bin: "zstd", pkg: "zstd" },
  // `ip` and `tc`: transport runs probe network namespaces and netem for an emulated link.
  { bin: "tc", pkg: "iproute2" },
  // Instruction counts (`--metric instructions`, docs/instructions.md) run Node under callgrind.
  { bin: "valgrind", pkg: "valgrind" },
];

export const onPath = (bin) => spawnSync("sh", ["-c", `command -v ${bin}`], { stdio: "ignore" }).status === 0;

/** `apt-get install` of `pkgs` as root; without root, stops with `why` and the one line to run. */
export function aptInstall(pkgs, why) {
  if (process.getuid?.() !== 0 || !onPath("apt-get")) {
    fail(`${why}: install them with \`sudo apt-get install -y ${pkgs.join(" ")}\` and run this again`);
  }
  log(`installing ${pkgs.join(", ")} with apt-get`);
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  run("apt-get", ["update", "-qq"], { env });
  run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...pkgs], { env });
}

/**
 * Installs Debian packages for missing commands (`bin`) or files (`file`) when root; otherwise says
 * what to install.
 */
export function ensureDebianPackages(wanted = compilers) {
  const missing = wanted.filter((c) => (c.file ? !existsSync(c.file) : !onPath(c.bin)));
  if (missing.length === 0) return;
  aptInstall(
    missing.map((c) => c.pkg),
    `missing ${missing.map((c) => c.bin ?? c.file).join(", ")}`,
  );
}

export const chromium = { bin: "chromium", pkg: "chromium" };

/**
 * `prisma generate` works offline once PRISMA_SCHEMA_ENGINE_BINARY names any executable: generate
 * never uses the schema engine, but the CLI would otherwise try to download it
 * (docs/architecture.md, "Build environment").
 */
export function ensurePrismaClient() {
  const hash = hashOf(join(root, "prisma", "schema.prisma"), join(root, "package-lock.json"));
  const out = join(root, "packages", "db", "src", "generated", "prisma", "client.ts");
  if (existsSync(out) && stampMatches("prisma", hash)) return;
  log("generating the Prisma client");
  run(join(root, "node_modules", ".bin", "prisma"), ["generate"], {
    env: {
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? "/bin/true",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
    },
  });
  writeStamp("prisma", hash);
}

/** Creates the database when missing and applies pending migrations. */
export function migrateDatabase() {
  run(process.execPath, ["--import", "tsx", join(root, "packages", "db", "bin", "migrate.ts")]);
}

const pyenv = join(root, ".wirebench", "pyenv");
const pyRequirements = join(root, "packages", "conformance", "reference", "requirements.txt");

/**
 * The reference encoders of `npm run conformance` (Python protobuf, avro, thrift, msgpack, cbor2,
 * pymongo's bson) in a project-local virtual environment, `.wirebench/pyenv`, at the versions pinned in
 * packages/conformance/reference/requirements.txt; reinstalled only when that file changes.
 */
export function ensurePythonReferences() {
  const python = join(pyenv, "bin", "python");
  const hash = hashOf(pyRequirements);
  if (existsSync(python) && stampMatches("pyenv", hash)) return;
  if (!existsSync(python)) {
    // Debian's python3 has no venv module until python3-venv is installed (no command of that name,
    // so ensureDebianPackages always installs it here).
    if (spawnSync("python3", ["-m", "venv", "--help"], { stdio: "ignore" }).status !== 0)
      ensureDebianPackages([{ bin: "python3-venv", pkg: "python3-venv" }]);
    log("creating the Python environment for the conformance references (.wirebench/pyenv)");
    run("python3", ["-m", "venv", pyenv]);
  }
  log("installing the conformance reference encoders (pip)");
  run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", pyRequirements]);
  writeStamp("pyenv", hash);
}

/** The runtimes besides Node that `--runtimes` can measure (docs/polyglot.md). */
export const polyglotRuntimes = ["python", "go", "java", "rust"];

/**
 * Each runtime's own install step, `packages/runtimes/<runtime>/setup.mjs` (its libraries from its
 * own registry at the versions its lock file pins, its harness built). A step checks before it acts
 * (stamped by its lock file) and, when the runtime's toolchain is missing, says so and returns: that
 * runtime is then reported unavailable in results, and the other runtimes still work.
 */
export async function ensureRuntimes() {
  for (const runtime of polyglotRuntimes) {
    const file = join(root, "packages", "runtimes", runtime, "setup.mjs");
    if (!existsSync(file)) continue;
    const { setup } = await import(pathToFileURL(file).href);
    await setup({ root, run, log, onPath, hashOf, stampMatches, writeStamp });
  }
}
