import { defineConfig } from "vitest/config";

// Runtime tests start real Python, Go, Java and Rust children and may build generated code first.
export default defineConfig({ test: { testTimeout: 300_000, hookTimeout: 300_000 } });
