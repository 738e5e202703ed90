import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

// Shared by the tests of every package (they import it by path, as they do hostile/hostile-inputs.ts):
// CI runs used to leave thousands of folders in /tmp.
//
// Vitest evaluates this module once per test file, so the afterAll below belongs to the file that
// imports it. Imports load before the file's own hooks register, and after-hooks run in reverse
// order, so the folders go last: after the file's own afterAll has stopped servers and children.
const made: string[] = [];

function removeMade(): void {
  for (const dir of made.splice(0)) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // A folder left behind must not fail the tests that used it.
    }
  }
}

// Bench scripts share some test helpers (apps/web/bench/gate-ten-in-a-row.ts) and run outside
// vitest, where there is no suite to hook into: their folders go when the script exits.
if (process.env.VITEST) afterAll(removeMade);
else process.once("exit", removeMade);

/**
 * A fresh folder under the system temp dir (mkdtempSync, so children that run as another user
 * see it as before), removed when the importing test file's tests end.
 */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
