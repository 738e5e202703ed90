import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { copyFile, mkdir } from "node:fs/promises";
import { basename, join, relative } from "node:path";
import { promisify } from "node:util";
import type { RuntimeDefinition } from "../runtime-definition.ts";
import {
  binaryFor,
  buildSchemas,
  builtIdls,
  cargoTargetDir,
  checkGenerator,
  executable,
  linkSchemas,
  noteSchemas,
  rustWorkspace,
} from "./rust-build.ts";
import { rustFormats } from "./rust-formats.ts";

export { cargoEnv, cargoTargetDir, rustWorkspace } from "./rust-build.ts";

/**
 * The Rust runtime (packages/runtimes/rust, a Cargo workspace): prost, flatc's Rust code and capnpc's
 * need a schema's types compiled in, so `generate` builds the workspace's `proto` package with that
 * .proto/.fbs/.capnp (rust-build.ts) and copies the binary into the cached folder; a run needing
 * several of them gets one binary of all (`link`); runs without them use the schema-less binary
 * setup built. Every build uses one target dir, `.wirebench/cargo-target`, so a new schema
 * recompiles only the small `proto` package, offline, from the crates Cargo.lock pins.
 */

const exec = promisify(execFile);
const defaultBinary = join(cargoTargetDir, "release", "wirebench-rust");

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

export const rustRuntime: RuntimeDefinition = {
  id: "rust",
  formats: rustFormats,
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
    // apache-avro reads the .avsc at run time; the other IDLs need code compiled in.
    if (!(builtIdls as string[]).includes(schema.idl)) return;
    // The schema is kept beside the binary: a later run combining it with another schema rebuilds from it.
    await mkdir(outDir, { recursive: true });
    const copy = join(outDir, basename(schema.file));
    await copyFile(schema.file, copy);
    const kept = { ...schema, file: copy };
    // A .proto's binary is built now (most runs need only it); .fbs/.capnp are compiled in by `link`,
    // once for all the schemas of the run, after their generator has accepted them.
    if (schema.idl === "proto") return buildSchemas([kept], outDir, signal);
    await checkGenerator(kept, outDir, signal);
    await noteSchemas(outDir, [kept]);
  },
  link: linkSchemas,
  generatorVersion: `prost-build ${lockedVersion("prost-build")}, flatc 2.0.8, capnpc ${lockedVersion("capnpc")}, child ${childSourcesHash()}`,
  command(generatedDirs) {
    const built = binaryFor(generatedDirs);
    return { cmd: built && executable(built) ? built : defaultBinary, args: [] };
  },
};
