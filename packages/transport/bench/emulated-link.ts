/**
 * Not a test: measures Video-model messages of about 100 KB over an emulated 20 ms / 10 Mbit/s link
 * with `wirebench compare --transport http1,http2,broker`, prints the CLI's transport table, then per
 * transport whether the formats rank by bytes (smaller first) and the measured ÷ predicted ratios.
 *
 *   npx tsx packages/transport/bench/emulated-link.ts [--link 20ms/10mbit] [--messages 20] [--kb 100]
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Result, TransportMeasurement } from "@wirebench/contracts";
import { videoPages } from "./video-pages.ts";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] as string) : fallback;
};
const link = arg("link", "20ms/10mbit");
const messages = arg("messages", "20");
const kb = Number(arg("kb", "100"));
const formats = arg(
  "formats",
  "json,msgpackr-minimal,cbor-minimal,bson,protobuf,avro,thrift-compact,capnp-packed,flatbuffers",
);
const binary = new Set([
  "msgpackr-minimal",
  "cbor-minimal",
  "bson",
  "protobuf",
  "avro",
  "thrift-compact",
  "capnp-packed",
  "flatbuffers",
]);

const dir = mkdtempSync(join(tmpdir(), "wirebench-bench-"));
const sample = join(dir, "video-pages.ndjson");
const out = join(dir, "result.json");
writeFileSync(sample, videoPages(3, kb * 1000));
const cli = fileURLToPath(new URL("../../cli/bin/wirebench.mjs", import.meta.url));
const args = [
  "compare",
  sample,
  "--quick",
  "--formats",
  formats,
  "--transport",
  "http1,http2,broker",
  "--link",
  link,
];
const res = spawnSync(process.execPath, [cli, ...args, "--transport-messages", messages, "--json", out], {
  stdio: ["ignore", "inherit", "ignore"],
});
if (res.status !== 0) throw new Error(`wirebench compare exited ${res.status}`);
const result = JSON.parse(readFileSync(out, "utf8")) as Result;
rmSync(dir, { recursive: true, force: true });

for (const kind of ["http1", "http2", "broker"] as const) {
  const rows = result.formats
    .filter((f) => f.ok && f.transport?.[kind] && !("error" in (f.transport[kind] as object)))
    .map((f) => ({
      id: f.id,
      bytes: f.sizes?.perMessage.raw ?? f.bytes,
      m: f.transport?.[kind] as TransportMeasurement,
    }));
  const byBytes = [...rows].sort((a, b) => a.bytes - b.bytes).map((r) => r.id);
  const byLatency = [...rows].sort((a, b) => a.m.latency.medianNs - b.m.latency.medianNs).map((r) => r.id);
  // Formats within 2% of each other's size may swap places on timer noise; count real inversions only.
  const inversions = rows.flatMap((a) =>
    rows
      .filter((b) => a.bytes < b.bytes * 0.98 && a.m.latency.medianNs > b.m.latency.medianNs)
      .map((b) => `${a.id}>${b.id}`),
  );
  const ratios = rows.filter((r) => binary.has(r.id)).map((r) => r.m.model?.ratio ?? Number.NaN);
  console.log(`\n${kind}: by bytes    ${byBytes.join(" < ")}`);
  console.log(`${kind}: by latency  ${byLatency.join(" < ")}`);
  console.log(
    `${kind}: inversions (size apart by >2%, slower although smaller): ${inversions.length ? inversions.join(", ") : "none"}`,
  );
  console.log(
    `${kind}: binary formats' measured/predicted ${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)} (within 0.8–1.25: ${ratios.every((r) => r >= 0.8 && r <= 1.25)})`,
  );
}
