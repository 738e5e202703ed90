import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { accessSync, constants, existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { SchemaForRuntime } from "../runtime-definition.ts";

/**
 * Builds of the Rust child's per-schema binary (packages/runtimes/rust/proto): one cargo build of the
 * small `proto` package with the schemas it compiles in (at most one per IDL: .proto through
 * prost-build, .fbs through `flatc --rust --gen-object-api`, .capnp through capnpc), in the shared
 * target dir, so a new schema recompiles only that package. Each generated folder gets a binary of
 * its own schema; a run whose formats need several schemas (prost + flatbuffers + capnp) gets one
 * binary of all of them, cached by the folders' names (each a hash of its schema).
 */

const exec = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
export const rustWorkspace = join(root, "packages", "runtimes", "rust");
export const cargoTargetDir = join(root, ".wirebench", "cargo-target");
export const protoBinary = "wirebench-rust-proto";
/** What each generated folder says it holds, for combining. */
const schemaNote = "schema.json";

/** The environment of every cargo build after setup: the shared target dir, no network. */
export function cargoEnv(): Record<string, string> {
  return { CARGO_TARGET_DIR: cargoTargetDir, CARGO_NET_OFFLINE: "true" };
}

export const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Keeps cargo's last lines (the compiler's, protoc's, flatc's or capnp's own words) for the error. */
function cargoError(err: unknown): Error {
  const e = err as { stderr?: string; message: string };
  const tail = (e.stderr ?? e.message).trim().split("\n").slice(-30).join("\n");
  return new Error(`the Rust per-schema build (cargo) failed:\n${tail}`);
}

const envNames = {
  proto: ["WIREBENCH_PROTO_FILE", "WIREBENCH_PROTO_ROOT"],
  fbs: ["WIREBENCH_FBS_FILE", "WIREBENCH_FBS_ROOT"],
  capnp: ["WIREBENCH_CAPNP_FILE", "WIREBENCH_CAPNP_ROOT"],
} as const;
type BuiltIdl = keyof typeof envNames;
export const builtIdls = Object.keys(envNames) as BuiltIdl[];

interface Described {
  root: string;
  proto: string;
  fbs: { root: string; text: string } | null;
  capnp: { root: string; text: string } | null;
}

/** Does the binary hold exactly these schemas? (`--describe`) */
async function holds(binary: string, schemas: SchemaForRuntime[], signal: AbortSignal): Promise<boolean> {
  const { stdout } = await exec(binary, ["--describe"], { signal });
  const d = JSON.parse(stdout) as Described;
  for (const s of schemas) {
    const text = await readFile(s.file, "utf8");
    if (s.idl === "proto" && (d.root !== s.rootType || d.proto !== text)) return false;
    if (s.idl === "fbs" && (d.fbs?.root !== s.rootType || d.fbs.text !== text)) return false;
    if (s.idl === "capnp" && (d.capnp?.root !== s.rootType || d.capnp.text !== text)) return false;
  }
  return true;
}

// Builds of one process run one at a time: they share the target dir and its output binary.
let queue: Promise<unknown> = Promise.resolve();

function serially<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job);
  queue = run.catch(() => undefined);
  return run;
}

/** Records the schemas a folder holds (its binary's, or those `link` compiles in). */
export function noteSchemas(outDir: string, schemas: SchemaForRuntime[]): Promise<void> {
  return writeFile(join(outDir, schemaNote), JSON.stringify(schemas));
}

/**
 * Runs the .fbs/.capnp generator alone (flatc --rust; capnp compile), so a schema it refuses fails
 * its format at generation with the compiler's words; the compiling waits for `link`.
 */
export async function checkGenerator(schema: SchemaForRuntime, outDir: string, signal: AbortSignal) {
  const [cmd, args] =
    schema.idl === "fbs"
      ? ["flatc", ["--rust", "--gen-object-api", "-o", join(outDir, "flatc-rust"), schema.file]]
      : ["capnp", ["compile", "-o-", `--src-prefix=${dirname(schema.file)}`, schema.file]];
  await exec(cmd as string, args as string[], { signal, maxBuffer: 64 << 20 }).catch((err) => {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${cmd} failed on ${schema.file}:\n${(e.stderr || e.message).trim()}`);
  });
}

/** Builds the `proto` package with `schemas` and copies its binary into `outDir`. */
export function buildSchemas(
  schemas: SchemaForRuntime[],
  outDir: string,
  signal: AbortSignal,
): Promise<void> {
  return serially(async () => {
    const env: Record<string, string | undefined> = { ...process.env, ...cargoEnv() };
    for (const s of schemas) {
      const [file, rootName] = envNames[s.idl as BuiltIdl];
      env[file] = s.file;
      env[rootName] = s.rootType;
    }
    await mkdir(outDir, { recursive: true });
    const built = join(cargoTargetDir, "release", protoBinary);
    const target = join(outDir, protoBinary);
    // Another process may build other schemas into the same target dir between our build and our
    // copy: the copied binary names its schemas (`--describe`), and a mismatch builds again.
    for (let attempt = 0; attempt < 3; attempt++) {
      await exec("cargo", ["build", "--release", "--quiet", "-p", protoBinary], {
        cwd: rustWorkspace,
        env,
        signal,
        maxBuffer: 64 << 20,
      }).catch((err) => {
        throw cargoError(err);
      });
      await copyFile(built, target);
      if (await holds(target, schemas, signal)) return noteSchemas(outDir, schemas);
    }
    throw new Error("the Rust build kept producing a binary for other schemas than asked");
  });
}

/** The schemas a generated folder was built with (empty for a folder of another runtime's kind). */
function schemasOf(dir: string): SchemaForRuntime[] {
  const note = join(dir, schemaNote);
  return existsSync(note) ? (JSON.parse(readFileSync(note, "utf8")) as SchemaForRuntime[]) : [];
}

/** Where the binary of several generated folders together lives (by their names: schema hashes). */
export function combinedDir(generatedDirs: string[]): string {
  const key = createHash("sha256")
    .update(
      [...generatedDirs]
        .map((d) => basename(d))
        .sort()
        .join("\n"),
    )
    .digest("hex")
    .slice(0, 32);
  return join(cargoTargetDir, "combined", key);
}

/** The generated folders of this runtime among `generatedDirs`. */
export const ownDirs = (generatedDirs: string[]) =>
  generatedDirs.filter((d) => existsSync(join(d, schemaNote)));

/**
 * The binary a run uses: one generated folder's own (a .proto's, built by `generate`), or the one
 * `link` built for the run's folders together; undefined when the run needs no schema.
 */
export function binaryFor(generatedDirs: string[]): string | undefined {
  const dirs = ownDirs(generatedDirs);
  const own = dirs.length === 1 ? join(dirs[0] as string, protoBinary) : undefined;
  if (own && executable(own)) return own;
  return dirs.length > 0 ? join(combinedDir(dirs), protoBinary) : undefined;
}

/** Builds the binary of the run's schemas once (cached by `combinedDir`) unless one folder has it. */
export async function linkSchemas(generatedDirs: string[], signal: AbortSignal): Promise<void> {
  const binary = binaryFor(generatedDirs);
  if (!binary || (executable(binary) && existsSync(join(dirname(binary), schemaNote)))) return;
  await buildSchemas(ownDirs(generatedDirs).flatMap(schemasOf), dirname(binary), signal);
}
