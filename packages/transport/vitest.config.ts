import { defineConfig } from "vitest/config";
import { testEnv } from "../../vitest.shared.ts";

// Transport tests start real servers, a real Redis consumer and codec children: minutes, not seconds.
export default defineConfig({ test: { env: testEnv, testTimeout: 180_000, hookTimeout: 60_000 } });
