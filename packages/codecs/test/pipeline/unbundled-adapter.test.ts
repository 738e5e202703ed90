import { chmodSync } from "node:fs";
import { expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { runComparison } from "../../src/index.ts";
import { readFormatCosts } from "../../src/pipeline/format-costs.ts";
import { everyTypeDataset } from "../helpers/every-type.ts";
import { fixtureEntry } from "../helpers/fixture-entry.ts";

/**
 * A run with the bundled child available (cacheDir) and an adapter the bundle does not carry, handed
 * out by the format queue rather than fixed to a child: every child must start from the sources, or
 * the one that claims it fails with "Unknown file extension .ts".
 */
it("measures a TypeScript adapter outside the bundle that a child claims from the queue", async () => {
  const entry = {
    ...fixtureEntry("typescript-adapter.ts", "tsjson", "typescriptJsonAdapter"),
    generatesCode: false,
  };
  // Readable by the children's user, as the default cache folder is: otherwise no bundle is used.
  const cacheDir = scratchDir("wb-unbundled-");
  chmodSync(cacheDir, 0o755);
  const r = await runComparison(everyTypeDataset, {
    formats: ["json", "msgpackr", "cbor", "tsjson"],
    extraEntries: [entry],
    quick: true,
    limits: { cacheDir },
    settings: { shards: 2, shardMinBytes: 0, processes: 1, rounds: 1, samplesPerRound: 3, stopCiWidth: 0 },
  });
  const ts = r.formats.find((f) => f.id === "tsjson");
  expect(ts?.error).toBeUndefined();
  expect(ts?.ok).toBe(true);
  expect(ts?.bytes).toBe(r.formats.find((f) => f.id === "json")?.bytes);
  // The run left what timing each format cost for the next run's queue (format-costs.ts).
  const costs = readFormatCosts(cacheDir);
  expect([...costs.keys()].sort()).toEqual(["cbor", "json", "msgpack", "tsjson"]);
  for (const cost of costs.values()) expect(cost).toBeGreaterThan(0);
}, 120_000);
