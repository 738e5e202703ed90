import { defineConfig } from "vitest/config";

export default defineConfig({
  // CI=true makes picocolors colour in-process output; tests read the plain text a pipe would get.
  test: { env: { NO_COLOR: "1" } },
});
