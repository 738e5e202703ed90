import { defineConfig } from "vitest/config";

// Transport tests start real servers, a real Redis consumer and codec children: minutes, not seconds.
export default defineConfig({ test: { testTimeout: 180_000, hookTimeout: 60_000 } });
