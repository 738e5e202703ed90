import { defineConfig } from "vitest/config";
import { testEnv } from "../../vitest.shared.ts";

export default defineConfig({
  test: {
    env: testEnv,
    include: ["test/**/*.test.ts"],
    // Round trips run in child processes and corpus files are large; nothing here asserts time.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // One measurement at a time: the machine has 2 cores and children measure timing.
    fileParallelism: false,
  },
});
