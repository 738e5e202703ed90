import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Each test runs a real compiler; on a shared 2-core machine that can take seconds.
    testTimeout: 60_000,
  },
});
