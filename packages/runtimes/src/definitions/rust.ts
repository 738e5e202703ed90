import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { accessSync, constants, existsSync, readdirSync, readFileSync } from "node:fs";
import { copyFile, mkdir, readFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { RuntimeDefinition, SchemaForRuntime } from "../runtime-definition.ts";

/**
 * The Rust runtime (packages/runtimes/rust, a Cargo workspace): prost needs a schema's types
 * compiled in, so `generate` builds the workspace's `proto` package with that .proto
 * (WIREBENCH_PROTO_FILE/_ROOT, read by its build.rs through prost-build) and copies the binary into
 * the cached folder; runs without Protobuf use the schema-less binary setup built. Every build uses
 * one target dir, `.wirebench/cargo-target`, so a new schema recompiles only the small `proto`
 * package, and runs offline from the crates setup fetched at the versions Cargo.lock pins.
 */

const exec = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
export const rustWorkspace = join(root, "packages", "runtimes", "rust");
export const cargoTargetDir = join(root, ".wirebench", "cargo-target");
const defaultBinary = join(cargoTargetDir, "release", "wirebench-rust");
const protoBinary = "wirebench-rust-proto";

/** The environment of every cargo build after setup: the shared target dir, no network. */
export function cargoEnv(): Record<string, string> {
  return { CARGO_TARGET_DIR: cargoTargetDir, CARGO_NET_OFFLINE: "true" };
}

/** The child's sources and the lock: a change to any makes cached per-schema binaries stale. */
function childSourcesHash(): string {
  const h = createHash("sha256");
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      if (e.isDirectory() && !["testdata", "benches", "target"].includes(e.name)) walk(p);
      else if (/\.rs$|^Cargo\.(toml|lock)$/.test(e.name)) {
        h.update(relative(rustWorkspace, p));
        h.update(readFileSync(p));
      }
    }
  };
  if (existsSync(rustWorkspace)) walk(rustWorkspace);
  return h.digest("hex").slice(0, 16);
}

/** A crate's version as Cargo.lock pins it. */
function lockedVersion(crate: string): string {
  const lock = join(rustWorkspace, "Cargo.lock");
  const text = existsSync(lock) ? readFileSync(lock, "utf8") : "";
  return new RegExp(`name = "${crate}"\\nversion = "([^"]+)"`).exec(text)?.[1] ?? "unknown";
}

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Keeps cargo's last lines (the compiler's or protoc's own words) for the error. */
function cargoError(err: unknown): Error {
  const e = err as { stderr?: string; message: string };
  const tail = (e.stderr ?? e.message).trim().split("\n").slice(-30).join("\n");
  return new Error(`prost-build/cargo failed:\n${tail}`);
}

// Builds of one process run one at a time: they share the target dir and its output binary.
let queue: Promise<unknown> = Promise.resolve();

async function buildProto(schema: SchemaForRuntime, outDir: string, signal: AbortSignal): Promise<void> {
  const env = {
    ...process.env,
    ...cargoEnv(),
    WIREBENCH_PROTO_FILE: schema.file,
    WIREBENCH_PROTO_ROOT: schema.rootType,
  };
  const built = join(cargoTargetDir, "release", protoBinary);
  const target = join(outDir, protoBinary);
  await mkdir(outDir, { recursive: true });
  const expected = await readFile(schema.file, "utf8");
  // Another process may build another schema into the same target dir between our build and our
  // copy: the copied binary names its schema (`--describe`), and a mismatch builds again.
  for (let attempt = 0; attempt < 3; attempt++) {
    await exec("cargo", ["build", "--release", "--quiet", "-p", "wirebench-rust-proto"], {
      cwd: rustWorkspace,
      env,
      signal,
      maxBuffer: 64 << 20,
    }).catch((err) => {
      throw cargoError(err);
    });
    await copyFile(built, target);
    const { stdout } = await exec(target, ["--describe"], { signal });
    const described = JSON.parse(stdout) as { root: string; proto: string };
    if (described.root === schema.rootType && described.proto === expected) return;
  }
  throw new Error(`the Rust build kept producing a binary for another schema than ${schema.file}`);
}

export const rustRuntime: RuntimeDefinition = {
  id: "rust",
  formats: [
    {
      impl: "prost",
      format: "protobuf",
      library: "prost (prost-build)",
      input: "protojson",
      package: "prost",
    },
    {
      impl: "apache-avro",
      format: "avro",
      library: "apache-avro (types::Value)",
      input: "avrojson",
      package: "apache-avro",
    },
    { impl: "rmp-serde", format: "msgpack", library: "rmp-serde", input: "data", package: "rmp-serde" },
    { impl: "ciborium", format: "cbor", library: "ciborium", input: "data", package: "ciborium" },
    { impl: "serde_json", format: "json", library: "serde_json", input: "data", package: "serde_json" },
  ],
  async detect() {
    let version: string;
    try {
      const { stdout } = await exec("rustc", ["--version"]);
      version = stdout.trim().split(" ")[1] ?? stdout.trim();
      await exec("cargo", ["--version"]);
    } catch {
      return {
        available: false,
        reason: "cargo/rustc not on PATH; install Rust 1.89+ (rustup) and run `npm run setup`",
      };
    }
    if (!executable(defaultBinary))
      return { available: false, version, reason: "the Rust child is not built; run `npm run setup`" };
    return { available: true, version };
  },
  async generate(schema, outDir, signal) {
    // apache-avro reads the .avsc at run time; only Protobuf needs code compiled in.
    if (schema.idl !== "proto") return;
    const job = queue.then(() => buildProto(schema, outDir, signal));
    queue = job.catch(() => undefined);
    await job;
  },
  generatorVersion: `prost-build ${lockedVersion("prost-build")}, child ${childSourcesHash()}`,
  command(generatedDirs) {
    const built = generatedDirs.map((d) => join(d, protoBinary)).find(executable);
    return { cmd: built ?? defaultBinary, args: [] };
  },
};
