import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Environment every package's tests run with. Runs under test keep their bundles, generated code and
 * format costs in a cache of their own (WIREBENCH_CACHE_DIR), not the user's: fixture formats'
 * costs (a "huge" one at 170,000 ns a byte) had been landing in the cache real runs order their
 * formats by.
 */
export const testEnv = { WIREBENCH_CACHE_DIR: join(tmpdir(), "wirebench-test-cache") };
