// `npm run setup` step of the Rust runtime (scripts/lib.mjs, ensureRuntimes): fetches the crates
// Cargo.lock pins from crates.io (into cargo's own cache, ~/.cargo/registry) and builds the
// workspace in release mode into .wirebench/cargo-target: the schema-less child
// (release/wirebench-rust) and the `proto` package without a schema, so prost-build and every
// dependency are compiled before the first schema needs them. Stamped by Cargo.lock, the manifests
// and the Rust sources, so a second run does nothing. Without cargo it says so and returns: the Rust
// runtime is then reported unavailable and the rest of Wirebench works.
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";

function rustFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory() && e.name !== "testdata") out.push(...rustFiles(p));
    else if (/\.rs$|^Cargo\.(toml|lock)$/.test(e.name)) out.push(p);
  }
  return out.sort();
}

export async function setup({ root, run, log, onPath, hashOf, stampMatches, writeStamp }) {
  if (!onPath("cargo")) {
    log("cargo is not on PATH: the Rust runtime stays unavailable (install Rust 1.89+ and run setup again)");
    return;
  }
  const dir = join(root, "packages", "runtimes", "rust");
  const target = join(root, ".wirebench", "cargo-target");
  const hash = hashOf(...rustFiles(dir));
  if (existsSync(join(target, "release", "wirebench-rust")) && stampMatches("rust", hash)) return;
  // The target dir the per-schema builds use (src/definitions/rust.ts, cargoEnv).
  const env = { CARGO_TARGET_DIR: target };
  const step = (what, args) => {
    const ok = run("nice", ["-n", "10", "cargo", ...args], { cwd: dir, env, allowFailure: true });
    if (!ok)
      log(
        `Rust runtime: ${what} failed (cargo ${args.join(" ")} in ${relative(root, dir)}); it stays unavailable`,
      );
    return ok;
  };
  log("Rust runtime: crates from crates.io and a release build of the child (.wirebench/cargo-target)");
  if (!step("fetching crates", ["fetch", "--locked"])) return;
  // Two jobs: the machines this runs on are small and shared.
  if (!step("building the child", ["build", "--release", "--locked", "--offline", "-j", "2", "--workspace"]))
    return;
  writeStamp("rust", hash);
}
