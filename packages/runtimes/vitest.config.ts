import { defineConfig } from "vitest/config";
import { testEnv } from "../../vitest.shared.ts";

// Runtime tests start real Python, Go, Java and Rust children and may build generated code first.
export default defineConfig({ test: { env: testEnv, testTimeout: 300_000, hookTimeout: 300_000 } });
