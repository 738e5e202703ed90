import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { serialize } from "node:v8";
import type { ChildJob } from "../../src/harness/protocol.ts";
import { quickSettings } from "../../src/harness/settings.ts";

/**
 * A measurement child's job for one test adapter (`module`, `exportName`) on a one-message dataset
 * written into `workDir`: quick settings with short warm-ups, `rounds` rounds of one sample each.
 */
export function oneFormatJob(opts: {
  workDir: string;
  adapter: { module: string; exportName: string };
  message: unknown;
  rounds: number;
}): ChildJob {
  const datasetPath = join(opts.workDir, "dataset.v8");
  writeFileSync(
    datasetPath,
    serialize({
      schema: { irVersion: 1, name: "Root", root: { kind: "any" }, source: "json" },
      messages: [opts.message],
    }),
  );
  return {
    entries: [
      { id: "slow", format: "slow", variant: "test", library: "node", ...opts.adapter, schema: false },
    ],
    datasetPath,
    workDir: opts.workDir,
    settings: {
      ...quickSettings,
      rounds: opts.rounds,
      samplesPerRound: 1,
      warmupMinMs: 1,
      warmupMaxMs: 5,
      measureAllocations: false,
    },
    verify: [],
    verifyOnly: false,
    processes: 1,
    firstMessageMaxBytes: 16,
    shippedSizes: false,
  };
}
