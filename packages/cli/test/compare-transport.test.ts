import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { resultSchema, type TransportMeasurement } from "@wirebench/contracts";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";
import { spawnCli } from "./helpers/spawn-cli.ts";

const bin = fileURLToPath(new URL("../bin/wirebench.mjs", import.meta.url));
const env = { ...process.env, NO_COLOR: "1" };
const video = fileURLToPath(new URL("../../conformance/data/models/video.ndjson", import.meta.url));
const dir = scratchDir("wirebench-transport-cli-");

describe("wirebench compare --transport", () => {
  it("prints a transport table and writes formats[].transport for every format that encodes the Video sample", async () => {
    const out = join(dir, "video.json");
    const res = await spawnCli([
      "compare",
      video,
      "--quick",
      "--formats",
      "json,protobuf,avro",
      "--transport",
      "http1,http2,broker",
      "--transport-messages",
      "5",
      "--json",
      out,
    ]);
    expect(res.stderr).not.toMatch(/Error/);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/transport: loopback/);
    expect(res.stdout).toMatch(/│ protobuf\s+│ http2\s+│/);
    const result = resultSchema.parse(JSON.parse(readFileSync(out, "utf8")));
    expect(result.transport).toMatchObject({ link: { kind: "loopback" }, messages: 5 });
    for (const f of result.formats) {
      expect(f.ok, f.id).toBe(true);
      for (const kind of ["http1", "http2", "broker"] as const) {
        const m = f.transport?.[kind] as TransportMeasurement;
        expect(m?.messages, `${f.id} ${kind}`).toBe(5);
        expect(m.model?.ratio).toBeCloseTo(m.latency.medianNs / (m.model?.predictedNs ?? 0), 6);
      }
    }
  }, 300_000);

  it("refuses a bad transport, link or count before measuring anything", () => {
    const run = (...flags: string[]) =>
      spawnSync(process.execPath, [bin, "compare", video, ...flags], { encoding: "utf8", env });
    const cases: [string[], RegExp][] = [
      [["--transport", "http3"], /unknown transport "http3": use http1, http2, broker/],
      [["--transport", "http1", "--link", "fast"], /bad link "fast"/],
      [["--link", "20ms/10mbit"], /--link and --transport-messages need --transport/],
      [["--transport", "http1", "--transport-messages", "0"], /--transport-messages must be a whole number/],
    ];
    for (const [flags, message] of cases) {
      const res = run(...flags);
      expect(res.status, flags.join(" ")).toBe(2);
      expect(res.stderr).toMatch(message);
      expect(res.stderr).not.toMatch(/measuring|verifying/);
    }
  }, 120_000);
});
