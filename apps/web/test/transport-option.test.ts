import { createRunRequestSchema } from "@wirebench/contracts";
import { describe, expect, it } from "vitest";

const run = (transport: unknown) =>
  createRunRequestSchema.safeParse({ sample: { id: 1 }, options: { transport } });

describe("options.transport of POST /api/v1/runs", () => {
  it("takes the transports, a link and a message count", () => {
    const ok = run({ transports: ["http1", "http2", "broker"], link: "20ms/10mbit", messages: 50 });
    expect(ok.success).toBe(true);
    expect(ok.data?.options.transport).toEqual({
      transports: ["http1", "http2", "broker"],
      link: "20ms/10mbit",
      messages: 50,
    });
  });

  it("refuses, naming the field, an unknown transport, a bad link, too many messages or an unknown key", () => {
    const cases: [unknown, string][] = [
      [{ transports: ["http3"] }, "options.transport.transports.0"],
      [{ transports: [] }, "options.transport.transports"],
      [{ transports: ["http1"], link: "fast" }, "options.transport.link"],
      [{ transports: ["http1"], messages: 1001 }, "options.transport.messages"],
      [{ transports: ["http1"], proxy: true }, "options.transport"],
    ];
    for (const [transport, path] of cases) {
      const res = run(transport);
      expect(res.success, JSON.stringify(transport)).toBe(false);
      expect(res.error?.issues.map((i) => i.path.join("."))).toContain(path);
    }
  });
});
