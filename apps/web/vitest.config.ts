import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { testEnv } from "../../vitest.shared.ts";

export default defineConfig({
  // The same `@/` alias as tsconfig.json, so route handlers can be tested as they are.
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: { env: testEnv, testTimeout: 30_000, hookTimeout: 60_000 },
});
