// `npm run setup` step of the Go runtime (scripts/lib.mjs, ensureRuntimes): downloads the modules
// go.sum pins from the Go module proxy into .wirebench/go/mod, installs protoc-gen-go,
// protoc-gen-go-vtproto, capnpc-go and colf, Colfer's compiler (built from source: go.mod's `tool` lines), at the versions
// go.mod pins, and builds the schema-less child, .wirebench/go/bin/wirebench-go. Stamped by the module
// files and the Go sources, so a second run does nothing. Without `go` it says so and returns: the Go
// runtime is then reported unavailable and the rest of Wirebench works.
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";

function goFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...goFiles(p));
    else if (/\.go$|^go\.(mod|sum)$/.test(e.name)) out.push(p);
  }
  return out.sort();
}

export async function setup({ root, run, log, onPath, hashOf, stampMatches, writeStamp }) {
  if (!onPath("go")) {
    log("go is not on PATH: the Go runtime stays unavailable (install Go 1.24+ and run setup again)");
    return;
  }
  const dir = join(root, "packages", "runtimes", "go");
  const home = join(root, ".wirebench", "go");
  const bin = join(home, "bin");
  const hash = hashOf(...goFiles(dir));
  if (
    existsSync(join(bin, "wirebench-go")) &&
    existsSync(join(bin, "protoc-gen-go")) &&
    existsSync(join(bin, "capnpc-go")) &&
    existsSync(join(bin, "colf")) &&
    stampMatches("go", hash)
  )
    return;
  // The same caches the per-schema builds use (src/definitions/go.ts, goEnv); no toolchain download.
  const env = {
    GOMODCACHE: join(home, "mod"),
    GOCACHE: join(home, "cache"),
    GOBIN: bin,
    GOTOOLCHAIN: "local",
    GOWORK: "off",
    GOFLAGS: "-mod=readonly -buildvcs=false",
  };
  const step = (what, args) => {
    const ok = run("nice", ["-n", "10", "go", ...args], { cwd: dir, env, allowFailure: true });
    if (!ok)
      log(
        `Go runtime: ${what} failed (go ${args.join(" ")} in ${relative(root, dir)}); it stays unavailable`,
      );
    return ok;
  };
  log(
    "Go runtime: modules from the Go module proxy, protoc-gen-go, capnpc-go, colf and the child (.wirebench/go)",
  );
  if (!step("downloading modules", ["mod", "download"])) return;
  // protoc-gen-go, protoc-gen-go-vtproto, capnpc-go and colf, the `tool` lines of go.mod, at the versions it pins.
  if (!step("installing the code generators", ["install", "tool"])) return;
  if (!step("building the child", ["build", "-o", join(bin, "wirebench-go"), "./cmd/wirebench-go"])) return;
  writeStamp("go", hash);
}
