import { describe, expect, it } from "vitest";
import { startWeb } from "./browser.ts";

describe("next start checks its settings when it starts", () => {
  it("exits with one line naming a bad setting, not a stack trace", async () => {
    const error = await startWeb({ WIREBENCH_RATE_LIMIT_READ: "lots" }).then(
      async (web) => {
        await web.stop();
        return null;
      },
      (err: Error) => err.message,
    );
    expect(error).toMatch(/the web server exited 1: /);
    const lines = error!.split("\n").filter((l) => l.includes("[wirebench web]"));
    expect(lines).toEqual([
      expect.stringMatching(/^\[wirebench web\] Invalid environment: WIREBENCH_RATE_LIMIT_READ: /),
    ]);
    expect(error).not.toMatch(/^\s+at /m);
  }, 60_000);
});
