import { describe, expect, it } from "vitest";
import { parseWebEnv } from "../src/env.ts";

describe("web env", () => {
  it("defaults to the services on this machine", () => {
    expect(parseWebEnv({})).toMatchObject({
      DATABASE_URL: "postgresql://wirebench:wirebench@127.0.0.1:5432/wirebench",
      REDIS_URL: "redis://127.0.0.1:6379",
      PUBLIC_URL: "http://localhost:3000",
      WIREBENCH_QUEUE: "wirebench-runs",
      WIREBENCH_MAX_INPUT_BYTES: 8 * 1024 * 1024,
    });
  });

  it("names each bad variable", () => {
    expect(() => parseWebEnv({ DATABASE_URL: "postgres//nope", PUBLIC_URL: "x" })).toThrow(
      /^Invalid environment: DATABASE_URL: must be a postgresql:\/\/ URL; PUBLIC_URL: /,
    );
  });
});
