import type { RuntimeRequest } from "@wirebench/contracts";
import { type ChildRun, ofType, quickRuntimeSettings, runChildCommand } from "./child-run.ts";

/** The Go tests' names for the shared child runner (child-run.ts). */
export { type ChildRun, ofType, quickRuntimeSettings };

/** Runs one Go child on `request` as the parent does; each calibrated operation gets `samples`. */
export function runChild(cmd: string, request: RuntimeRequest, samples = 3): Promise<ChildRun> {
  return runChildCommand({ cmd, args: [] }, request, { samples });
}
