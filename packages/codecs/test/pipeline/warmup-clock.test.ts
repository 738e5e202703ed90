import { describe, expect, it } from "vitest";
import type { ChildMessage } from "../../src/harness/protocol.ts";
import { FormatQueue } from "../../src/pipeline/format-queue.ts";
import { WarmupClock } from "../../src/pipeline/warmup-clock.ts";
import { registry } from "../../src/registry/registry.ts";

const warmup = (id: string, op: "encode" | "decode"): ChildMessage => ({
  type: "step",
  id,
  step: "warmup",
  op,
});

describe("WarmupClock", () => {
  it("adds up each format's warm-ups, variants and operations together, per child, until the child's next message", () => {
    const clock = new WarmupClock((id) => ({ msgpackr: "msgpack", "msgpackr-records": "msgpack" })[id] ?? id);
    clock.observe(0, warmup("yaml", "encode"), 0);
    clock.observe(1, warmup("msgpackr", "encode"), 5);
    clock.observe(0, warmup("yaml", "decode"), 100);
    clock.observe(1, warmup("msgpackr-records", "encode"), 25);
    clock.observe(1, { type: "step", id: "msgpackr-records", step: "allocations" }, 45);
    // A child's message that is not a warm-up ends its open one and opens none.
    clock.observe(1, { type: "ready" } as ChildMessage, 60);
    expect(Object.fromEntries(clock.costs())).toEqual({ yaml: 100, msgpack: 40 });
    clock.observe(0, { type: "step", id: "yaml", step: "allocations" }, 290);
    expect(clock.costs().get("yaml")).toBe(290);
  });
});

describe("FormatQueue.price", () => {
  it("orders the queue by new costs until the first format is handed out, then no more", () => {
    const some = registry.filter((e) => ["json", "msgpack", "yaml", "xml"].includes(e.format));
    const q = new FormatQueue(some, 2, new Map([["json", 50]]));
    q.price(
      new Map([
        ["json", 1],
        ["msgpack", 50],
        ["yaml", 300],
        ["xml", 100],
      ]),
    );
    expect(q.next(1)?.[0]?.format).toBe("yaml");
    // Child 0 is the lighter: the costliest left by the new costs, not JSON by the old.
    expect(q.next(0)?.[0]?.format).toBe("xml");
    q.price(
      new Map([
        ["json", 1000],
        ["msgpack", 1],
      ]),
    );
    expect(q.next(0)?.[0]?.format).toBe("msgpack");
  });
});
