import { fileURLToPath } from "node:url";
import { jitEventFlagsFor } from "@wirebench/codecs/runtime-bridge";
import type { RuntimeDefinition } from "../src/runtime-definition.ts";
import { nodeFormats } from "./node-codecs.ts";

const require = (await import("node:module")).createRequire(import.meta.url);
const tsx = require.resolve("tsx");
const child = fileURLToPath(new URL("./child.ts", import.meta.url));

/**
 * Node as a protocol runtime: used by the parent's tests (a real child process with no other
 * toolchain) and by benches comparing the protocol's figures with runComparison's. Not in
 * `runtimeDefinitions`: Node's own entries come from runComparison.
 */
export const nodeRuntime: RuntimeDefinition = {
  id: "node",
  formats: nodeFormats,
  detect: async () => ({ available: true, version: process.version }),
  command: () => ({
    cmd: process.execPath,
    // The Node harness's flags: V8 must keep the bytecode of codecs idle while other formats run,
    // and report what it optimises, which warm-up waits out (jitEventCounter).
    args: ["--import", tsx, "--no-flush-bytecode", ...jitEventFlagsFor(undefined), child],
  }),
};
