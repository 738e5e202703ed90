import type { RuntimeRequest } from "@wirebench/contracts";
import { type ChildRun, ofType, quickRuntimeSettings, runChildCommand } from "./child-run.ts";

/** The Rust tests' (and accuracy bench's) names for the shared child runner (child-run.ts). */
export { ofType, quickRuntimeSettings as quickRustSettings };
export type RustChildRun = ChildRun;

/** Runs one Rust child on `request` as the parent does; each calibrated operation gets `samples`. */
export function runRustChild(cmd: string, request: RuntimeRequest | string, samples = 3): Promise<ChildRun> {
  return runChildCommand({ cmd, args: [] }, request, { samples });
}
