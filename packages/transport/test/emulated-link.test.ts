import { randomBytes } from "node:crypto";
import { registry, selectEntries } from "@wirebench/codecs";
import { transferMs } from "@wirebench/contracts/cost-model";
import type { TransportMeasurement } from "@wirebench/contracts/result";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { parseLink, parseTransports, probeNetem, runTransports } from "../src/index.ts";
import { startRelay } from "../src/link/paced-relay.ts";
import { redisTarget } from "../src/run/redis-target.ts";
import { smallRun, streamPrefix, videoDataset } from "./video-sample.ts";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const admin = new Redis(redisUrl);
afterAll(() => admin.disconnect());

describe("an emulated link", () => {
  it("delays every message by at least its round trip and its bytes at the link's bandwidth", async () => {
    const link = { rttMs: 6, bandwidthMbps: 2 };
    const out = await runTransports(videoDataset(), selectEntries(registry, ["json"]), {
      transports: ["http1", "broker"],
      link,
      settings: smallRun,
      redisUrl,
      streamPrefix: streamPrefix("link"),
    });
    expect(out.run.link).toMatchObject({ kind: "proxy", rttMs: 6, bandwidthMbps: 2 });
    // This machine's answer decides the note: netem present or the reason it is not.
    const netem = probeNetem();
    expect(out.run.link.note).toContain(netem.available ? "netem is available" : (netem.reason as string));
    const http1 = out.byId.get("json")?.http1 as TransportMeasurement;
    const broker = out.byId.get("json")?.broker as TransportMeasurement;
    // The relay never delivers early: the smallest latency bounds what the link alone takes.
    const minimum = (m: TransportMeasurement) => m.latency.ciLowNs / 1e6;
    expect(minimum(http1)).toBeGreaterThanOrEqual(
      link.rttMs + transferMs(http1.wireBytesPerMessage, link.bandwidthMbps) * 0.99,
    );
    expect(minimum(broker)).toBeGreaterThanOrEqual(
      link.rttMs / 2 + transferMs(broker.wireBytesPerMessage, link.bandwidthMbps) * 0.99,
    );
  });

  it("reaches a Redis user with a password through the relay's AUTH, never handing it to the children", async () => {
    const user = `wbtest-${randomBytes(4).toString("hex")}`;
    const password = randomBytes(12).toString("hex");
    await admin.call("ACL", "SETUSER", user, "on", `>${password}`, "~*", "+@all");
    try {
      const url = new URL(redisUrl);
      url.username = user;
      url.password = password;
      const prefix = streamPrefix("auth");
      const out = await runTransports(videoDataset(), selectEntries(registry, ["msgpackr"]), {
        transports: ["broker"],
        settings: smallRun,
        redisUrl: url.toString(),
        streamPrefix: prefix,
      });
      expect(out.byId.get("msgpackr")?.broker).toHaveProperty("messages", smallRun.messages);
      // A client with no credentials at all is that user behind the relay.
      const relay = await startRelay(redisTarget(url.toString()));
      const behind = new Redis({ port: relay.port, host: "127.0.0.1" });
      expect(await behind.call("ACL", "WHOAMI")).toBe(user);
      behind.disconnect();
      await relay.close();
      expect(await admin.keys(`${prefix}*`)).toEqual([]);
      // A wrong password is named before any child starts.
      url.password = "wrong";
      const refused = await runTransports(videoDataset(), selectEntries(registry, ["msgpackr"]), {
        transports: ["broker"],
        settings: { ...smallRun, formatTimeoutMs: 20_000 },
        redisUrl: url.toString(),
        streamPrefix: prefix,
      });
      expect(refused.byId.get("msgpackr")?.broker).toEqual({ error: expect.stringMatching(/WRONGPASS/) });
    } finally {
      await admin.call("ACL", "DELUSER", user);
    }
  });
});

describe("flags", () => {
  it("reads a link as <round trip>ms/<bandwidth>", () => {
    expect(parseLink("20ms/10mbit")).toEqual({ rttMs: 20, bandwidthMbps: 10 });
    expect(parseLink("0.5ms/1gbit")).toEqual({ rttMs: 0.5, bandwidthMbps: 1000 });
    expect(parseLink("100ms/512kbit")).toEqual({ rttMs: 100, bandwidthMbps: 0.512 });
    for (const bad of ["fast", "20/10", "20ms/0mbit", "20ms", "-1ms/10mbit"])
      expect(() => parseLink(bad), bad).toThrow(/e\.g\. 20ms\/10mbit/);
  });

  it("knows the three transports and names them when given another", () => {
    expect(parseTransports("http1, broker,http1")).toEqual(["http1", "broker"]);
    expect(() => parseTransports("http3")).toThrow('unknown transport "http3": use http1, http2, broker');
    expect(() => parseTransports(" , ")).toThrow(/needs one or more/);
  });
});
