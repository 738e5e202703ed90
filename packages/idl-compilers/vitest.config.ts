import { defineConfig } from "vitest/config";
import { testEnv } from "../../vitest.shared.ts";

export default defineConfig({
  test: {
    env: testEnv,
    include: ["test/**/*.test.ts"],
    // Each test runs a real compiler; on a shared 2-core machine that can take seconds.
    testTimeout: 60_000,
  },
});
