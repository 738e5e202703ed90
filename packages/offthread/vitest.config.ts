import { defineConfig } from "vitest/config";
import { testEnv } from "../../vitest.shared.ts";

export default defineConfig({ test: { env: testEnv, testTimeout: 30_000 } });
