import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { goRuntime } from "../src/definitions/go.ts";

const available = (await goRuntime.detect()).available;

describe("the Go runtime definition", () => {
  it("reports a missing toolchain as unavailable with a reason, without throwing", async () => {
    const path = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      const status = await goRuntime.detect();
      expect(status.available).toBe(false);
      expect(status.reason).toMatch(/go not on PATH/);
    } finally {
      process.env.PATH = path;
    }
  });

  it.skipIf(!available)(
    "answers a request it cannot read with a clear error and exit code 2, not a hang",
    () => {
      const { cmd } = goRuntime.command([]);
      for (const [input, why] of [
        ["not json\n", /request line is not valid JSON/],
        ['{"protocol":9,"settings":{"rounds":1,"targetSampleMs":1,"warmupMaxMs":1}}\n', /speaks protocol 9/],
        ["", /reading the request line/],
      ] as const) {
        const res = spawnSync(cmd, [], { input, encoding: "utf8", timeout: 30_000 });
        expect(res.status).toBe(2);
        expect(res.stderr).toMatch(why);
      }
    },
  );

  it("falls back to the schema-less binary when no folder holds a per-schema build", () => {
    expect(goRuntime.command(["/nonexistent"]).cmd).toMatch(/\.wirebench\/go\/bin\/wirebench-go$/);
  });
});
