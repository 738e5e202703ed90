import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serialize } from "node:v8";
import { inferDataset } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { defaultLimits } from "../../src/harness/settings.ts";
import { bundleCountChild } from "../../src/instructions/bundle-child.ts";
import { countProcess } from "../../src/instructions/count-process.ts";
import { generateBeforeCounting } from "../../src/instructions/generate-code.ts";
import { defaultInstructionSettings } from "../../src/instructions/settings.ts";
import { registry } from "../../src/registry/registry.ts";
import { withForked } from "../helpers/processes.ts";

const dir = scratchDir("wirebench-count-restart-");
const limits = { ...defaultLimits, childUser: "" };
const settings = { ...defaultInstructionSettings, segments: 2 };

/** The dataset file and the job a counting child gets, for three small records. */
function smallJob(name: string) {
  const datasetPath = join(dir, `${name}.v8`);
  const records = [1, 2, 3].map((id) => ({ id, name: `user ${id}` }));
  writeFileSync(datasetPath, serialize(inferDataset(JSON.stringify(records))));
  return { datasetPath, settings, codeDir: join(dir, name, "code") };
}

// A group SIGTERM can reach a child in the instant between fork and setsid (onceMoreIfKilledAtStart).
describe("counting children killed by someone else's signal before they said a word", () => {
  it("a counting process is started once more and counts", async () => {
    const json = registry.find((e) => e.id === "json")!;
    mkdirSync(join(dir, "json"), { recursive: true });
    const bundle = await bundleCountChild([json], join(dir, "json"));
    const { started, forked } = withForked(() =>
      countProcess(bundle, [json], smallJob("json"), join(dir, "json", "p0"), settings, limits),
    );
    expect(forked).toHaveLength(1);
    process.kill(forked[0] as number, "SIGTERM");
    const counts = await started;
    expect(counts.error).toBeUndefined();
    expect(counts.perOp.get("json")?.encode?.perOp).toBeGreaterThan(100);
  }, 600_000);

  it("a code-generating process is started once more and generates", async () => {
    const protobuf = registry.find((e) => e.id === "protobuf")!;
    mkdirSync(join(dir, "protobuf"), { recursive: true });
    const bundle = await bundleCountChild([protobuf], join(dir, "protobuf"));
    const job = smallJob("protobuf");
    const { started, forked } = withForked(() =>
      generateBeforeCounting(bundle, protobuf, job, job.codeDir, settings, limits),
    );
    expect(forked).toHaveLength(1);
    process.kill(forked[0] as number, "SIGTERM");
    expect(await started).toBeUndefined();
  }, 600_000);
});
