import { defineConfig } from "vitest/config";
import { testEnv } from "../../vitest.shared.ts";

export default defineConfig({
  test: {
    env: testEnv,
    include: ["test/**/*.test.ts"],
    // Each document runs Wirebench's pipeline in a child process and the reference encoders in Python.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
