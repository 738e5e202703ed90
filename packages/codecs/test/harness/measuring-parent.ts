/**
 * Stands in for the worker in process tests: starts one measurement child on a slow codec (or one
 * that hangs in a synchronous loop once timing starts), prints the child's pid once it is warming
 * up, and on completion prints the outcome. SIGTERM is ignored, as the worker's graceful shutdown
 * lets the current measurement finish.
 * With `compiler <seconds>`, the format instead starts a "compiler" (sleep <seconds>) that never ends
 * in time, for tests that kill this parent while a compiler runs.
 * Usage: MEASURING_PARENT_WORK_DIR=<dir> node --import tsx measuring-parent.ts <rounds> [slow|hangs|compiler <seconds>]
 * The test makes the work dir and removes it: tests SIGKILL this process, which then cannot.
 */
import { readdirSync, readFileSync } from "node:fs";
import { runChild } from "../../src/harness/run-child.ts";
import { defaultLimits } from "../../src/harness/settings.ts";
import { oneFormatJob } from "../helpers/one-format-job.ts";

/** Measurement children of this process (tsx has helper processes of its own). */
function childPids(): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent pid; the name field before it may contain spaces.
        const stat = readFileSync(`/proc/${d}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        return ppid === process.pid && readFileSync(`/proc/${d}/cmdline`, "utf8").includes("child-main");
      } catch {
        return false;
      }
    })
    .map(Number);
}

process.on("SIGTERM", () => console.log(JSON.stringify({ signal: "SIGTERM" })));

const workDir = process.env.MEASURING_PARENT_WORK_DIR;
if (!workDir)
  throw new Error("measuring-parent.ts needs MEASURING_PARENT_WORK_DIR (a folder the test removes)");
let announced = false;
const outcome = await runChild(
  oneFormatJob({
    workDir,
    adapter: {
      hangs: {
        module: new URL("../fixtures/misbehaving-adapters.js", import.meta.url).href,
        exportName: "hangingAdapter",
      },
      compiler: {
        module: new URL("../fixtures/sandbox-adapters.js", import.meta.url).href,
        exportName: "stuckCompilerAdapter",
      },
    }[process.argv[3] ?? ""] ?? {
      module: new URL("./slow-adapter.js", import.meta.url).href,
      exportName: "slowAdapter",
    },
    message: process.argv[3] === "compiler" ? (process.argv[4] ?? "300") : 1,
    rounds: Number(process.argv[2] ?? 100),
  }),
  defaultLimits,
  (m) => {
    if (!announced && m.type === "step" && m.step === "warmup") {
      announced = true;
      console.log(JSON.stringify({ childPids: childPids() }));
    }
  },
);
console.log(JSON.stringify({ outcome }));
