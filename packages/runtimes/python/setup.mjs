// The Python runtime's install step (docs/polyglot.md, "Toolchains and setup"), called by
// scripts/lib.mjs ensureRuntimes: a virtual environment of its own, .wirebench/runtimes-python, with
// the libraries requirements.lock pins, from PyPI. Its own environment rather than the conformance
// references' .wirebench/pyenv, so neither pin set can move the other's library versions.
// Stamped by the lock file: a second run does nothing. No python3 (or no venv module) → it says why
// and returns; the runtime is then reported unavailable and the other runtimes still run.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";

export async function setup({ root, run, log, onPath, hashOf, stampMatches, writeStamp }) {
  const env = join(root, ".wirebench", "runtimes-python");
  const python = join(env, "bin", "python");
  const lock = join(root, "packages", "runtimes", "python", "requirements.lock");
  const hash = hashOf(lock);
  if (existsSync(python) && stampMatches("runtimes-python", hash)) return;
  if (!onPath("python3")) {
    log("python runtime: no python3 on PATH, skipped (install Python 3.11+ to measure in Python)");
    return;
  }
  if (spawnSync("python3", ["-m", "venv", "--help"], { stdio: "ignore" }).status !== 0) {
    log("python runtime: python3 has no venv module, skipped (apt-get install python3-venv)");
    return;
  }
  if (!existsSync(python)) {
    log("python runtime: creating .wirebench/runtimes-python");
    if (!run("python3", ["-m", "venv", env], { allowFailure: true })) {
      rmSync(env, { recursive: true, force: true });
      log("python runtime: python3 -m venv failed, skipped");
      return;
    }
  }
  log("python runtime: installing its libraries (pip, requirements.lock)");
  const args = ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", lock];
  if (!run(python, args, { allowFailure: true })) {
    log("python runtime: pip install failed, skipped (the runtime stays unavailable until setup succeeds)");
    return;
  }
  // thrift is an sdist: pip compiles its C extension (the accelerated protocols) when it can, and
  // quietly installs pure Python when it cannot; say so, since the Thrift entries then measure that.
  if (
    spawnSync(python, ["-I", "-c", "from thrift.protocol import fastbinary"], { stdio: "ignore" }).status !==
    0
  )
    log(
      "python runtime: thrift's C extension (fastbinary) did not build, so Thrift in Python runs pure Python (needs a C compiler and Python's headers: apt-get install gcc python3-dev, then delete .wirebench/runtimes-python and run setup again)",
    );
  writeStamp("runtimes-python", hash);
}
