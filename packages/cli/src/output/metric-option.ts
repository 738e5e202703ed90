import { Option } from "commander";

/** `--metric time|instructions`, shared by `compare`; `instructions` needs valgrind (docs/instructions.md). */
export function metricOption(): Option {
  return new Option(
    "--metric <metric>",
    "time: wall-clock timings; instructions: also instructions per call under callgrind (slow: minutes)",
  ).choices(["time", "instructions"]);
}
