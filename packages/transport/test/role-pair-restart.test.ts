import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serialize } from "node:v8";
import {
  chooseChildIdentity,
  createWorkDir,
  defaultLimits,
  registry,
  selectEntries,
} from "@wirebench/codecs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withForked } from "../../codecs/test/helpers/processes.ts";
import { RolePair } from "../src/run/role-pair.ts";
import { videoDataset } from "./video-sample.ts";

// The real fork, counted: a restart shows as two more children.
const forks = vi.hoisted(() => ({ count: 0 }));
vi.mock("node:child_process", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:child_process")>();
  const fork = (...args: Parameters<typeof original.fork>) => {
    forks.count++;
    return original.fork(...args);
  };
  return { ...original, default: { ...original, fork }, fork };
});

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
  forks.count = 0;
});

/** A producer/consumer pair for JSON over the Video sample, as runTransports builds it. */
function pair(prepareTimeoutMs = 60_000): RolePair {
  const { identity } = chooseChildIdentity(defaultLimits.childUser);
  const workDir = createWorkDir(identity, "wirebench-transport-test-");
  const datasetPath = join(workDir, "dataset.v8");
  writeFileSync(datasetPath, serialize(videoDataset()));
  const p = new RolePair({
    entries: selectEntries(registry, ["json"]),
    datasetPath,
    workDir,
    limits: defaultLimits,
    identity,
    prepareTimeoutMs,
  });
  cleanups.push(
    () => p.close(),
    () => rmSync(workDir, { recursive: true, force: true }),
  );
  return p;
}

describe("the transport's producer and consumer", () => {
  it("start again, both, when a signal not sent here killed one before it said a word", async () => {
    const p = pair();
    const { started, forked } = withForked(() => p.ensure());
    expect(forked).toHaveLength(2);
    process.kill(forked[0] as number, "SIGTERM");
    const { children } = await started;
    expect([...children.ok]).toEqual(["json"]);
    expect(forks.count).toBe(4);
  }, 60_000);

  it("are not started again when they were stopped here (the preparation limit)", async () => {
    const p = pair(1);
    const { started, forked } = withForked(() => p.ensure().catch((err: Error) => err));
    expect(forked).toHaveLength(2);
    const err = await started;
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain("prepareTimeoutMs");
    expect(forks.count).toBe(2);
  }, 60_000);
});
