import type { RuntimeDefinition } from "../runtime-definition.ts";
import { goRuntime } from "./go.ts";
import { javaRuntime } from "./java.ts";
import { pythonRuntime } from "./python.ts";
import { rustRuntime } from "./rust.ts";

// One import per runtime (docs/polyglot.md); each runtime's helper adds its own line, and its entry
// below (and its format list to src/formats/catalogue.ts). Keep every line when rebasing.

/** Every runtime other than Node the parent can measure in, in `--runtimes` order. */
export const runtimeDefinitions: RuntimeDefinition[] = [pythonRuntime, goRuntime, javaRuntime, rustRuntime];

/** The definition of a runtime id, if this build has it. */
export function runtimeDefinition(id: string): RuntimeDefinition | undefined {
  return runtimeDefinitions.find((d) => d.id === id);
}
