import { createRunRequestSchema, runOptionsSchema } from "@wirebench/contracts";
import { describe, expect, it } from "vitest";
import { uploadInput } from "../src/components/upload/upload-input.ts";

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

describe("the upload form's 'over a wire' box", () => {
  const form = {
    text: '{"id": 1}',
    sampleFormat: "json" as const,
    schema: null,
    rootType: "",
    selected: new Set(["json"]),
    formatIds: ["json"],
    quick: true,
  };

  it("asks for every transport, on the link typed or on loopback, in a request the API accepts", () => {
    const sent = uploadInput({ ...form, overWire: { link: " 20ms/10mbit " } });
    expect(sent.options).toEqual({
      quick: true,
      transport: { transports: ["http1", "http2", "broker"], link: "20ms/10mbit" },
    });
    expect(runOptionsSchema.safeParse(sent.options).success).toBe(true);
    expect(uploadInput({ ...form, overWire: { link: "" } }).options.transport).toEqual({
      transports: ["http1", "http2", "broker"],
    });
    expect(uploadInput({ ...form, overWire: null }).options).toEqual({ quick: true });
  });
});
