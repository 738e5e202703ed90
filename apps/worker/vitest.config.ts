import { defineConfig } from "vitest/config";
import { testEnv } from "../../vitest.shared.ts";

export default defineConfig({
  test: {
    env: testEnv,
    include: ["test/**/*.test.ts"],
    // Tests start real worker processes (tsx start-up takes seconds on a loaded 2-core machine); the
    // 5 s default failed them while they were still waiting for "worker ready". Nothing asserts time.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file runs workers that measure in child processes: one file at a time, so they do not compete.
    fileParallelism: false,
  },
});
