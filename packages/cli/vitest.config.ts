import { defineConfig } from "vitest/config";
import { testEnv } from "../../vitest.shared.ts";

export default defineConfig({
  // CI=true makes picocolors colour in-process output; tests read the plain text a pipe would get.
  // Tests spawn the CLI (tsx compiles it at start): seconds each on a busy machine, never asserted.
  test: { env: { ...testEnv, NO_COLOR: "1" }, testTimeout: 30_000 },
});
