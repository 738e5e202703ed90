import { spawnSync } from "node:child_process";

export type ValgrindCheck = { available: true; version: string } | { available: false; reason: string };

/** Whether `path` runs as valgrind; a missing or broken binary is an answer, not an exception. */
export function checkValgrind(path: string): ValgrindCheck {
  const res = spawnSync(path, ["--version"], { encoding: "utf8", timeout: 15_000 });
  if (res.error) {
    const code = (res.error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "not found" : res.error.message;
    return {
      available: false,
      reason: `valgrind is not available (${path}: ${why}); set WIREBENCH_VALGRIND or run the setup`,
    };
  }
  const version = res.stdout.trim().replace(/^valgrind-/, "");
  if (res.status !== 0 || !/^\d+\.\d+/.test(version)) {
    return {
      available: false,
      reason: `${path} --version did not answer as valgrind does (exit ${res.status})`,
    };
  }
  return { available: true, version };
}
