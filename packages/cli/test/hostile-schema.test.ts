import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { refBombSchema } from "../../schemas/test/hostile/hostile-inputs.ts";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";

const bin = fileURLToPath(new URL("../bin/wirebench.mjs", import.meta.url));
const cli = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
const dir = scratchDir("wirebench-hostile-");
const bomb = join(dir, "bomb.schema.json");
writeFileSync(bomb, refBombSchema(8, 6));
const sample = join(dir, "sample.json");
writeFileSync(sample, "{}");

const refusal =
  "wirebench: one Bomb message expands to 262,144 fields once its shared types are written out where " +
  "they are used, more than the limit of 100,000 (maxSchemaLeaves)\n";

describe("a 1.8 KB shared-type schema bomb", () => {
  it("infer exits 2 with one line naming the limit", () => {
    const res = cli("infer", bomb, "--emit", "thrift");
    expect(res.status).toBe(2);
    expect(res.stderr).toBe(refusal);
  });

  it("compare --schema exits 2 with the same line, before measuring anything", () => {
    const res = cli("compare", sample, "--schema", bomb, "--formats", "json", "--quick");
    expect(res.status).toBe(2);
    expect(res.stderr).toBe(refusal);
    expect(res.stdout).toBe("");
  });
});
