import { formatResultOf, timingOf } from "@wirebench/contracts/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getComparison } from "../src/server/http/projects-api.ts";
import { compareEntries, timeDelta } from "../src/server/services/compare-entries.ts";
import { compareRuns } from "../src/server/services/compare-runs.ts";
import { createProject } from "../src/server/services/create-project.ts";
import { newId, newRunId } from "../src/server/services/ids.ts";
import { createTestServices, type TestServices } from "./api/test-services.ts";

const t = timingOf;
const entry = (bytes: number, enc = t(1000, 10), dec = t(2000, 10)) => ({
  format: "protobuf",
  variant: "binary",
  ok: true,
  bytes,
  compressed: { gzip: Math.round(bytes / 2), brotli: Math.round(bytes / 2.2), zstd: Math.round(bytes / 2.1) },
  encode: enc,
  decode: dec,
});

describe("comparing a run with its baseline", () => {
  it("fails the size check when any size grows past the limit, with the exact delta", () => {
    const r = compareEntries([entry(1000)], [entry(1200)], { maxRegressionPct: 10 });
    expect(r.formats[0]!.bytes).toEqual({ base: 1000, current: 1200, deltaPct: 20 });
    expect(r.checks).toEqual([{ name: "size", limitPct: 10, failing: ["protobuf/binary"], pass: false }]);
    expect(r.pass).toBe(false);
  });

  it("passes an unchanged run and a shrinking one", () => {
    expect(compareEntries([entry(1000)], [entry(1000)], { maxRegressionPct: 0 }).pass).toBe(true);
    expect(compareEntries([entry(1000)], [entry(900)], { maxRegressionPct: 0 }).pass).toBe(true);
  });

  it("counts a slow-down only when the confidence intervals do not overlap", () => {
    expect(timeDelta(t(1000, 100), t(1150, 100))?.significant).toBe(false); // 1050..1250 overlaps 900..1100
    expect(timeDelta(t(1000, 50), t(1200, 50))?.significant).toBe(true);
    const noisy = compareEntries([entry(1000, t(1000, 200))], [entry(1000, t(1300, 200))], {
      maxTimeRegressionPct: 5,
    });
    expect(noisy.pass).toBe(true);
    const real = compareEntries([entry(1000, t(1000, 10))], [entry(1000, t(1300, 10))], {
      maxTimeRegressionPct: 5,
    });
    expect(real.pass).toBe(false);
    expect(real.formats[0]!.encode).toMatchObject({ deltaPct: 30, significant: true });
  });

  it("applies thresholds only to the watched formats", () => {
    const r = compareEntries([entry(1000)], [entry(2000)], { maxRegressionPct: 5, formats: ["json"] });
    expect(r.pass).toBe(true);
    expect(r.formats[0]!.watched).toBe(false);
  });
});

const named = (format: string, bytes: number) => ({ ...entry(bytes), id: format, format, variant: "" });

describe("formats that worked in the baseline and do not now", () => {
  it("reports a format that fails now as newly failing and fails the verdict", () => {
    const broken = { ...named("avro", 0), ok: false, error: "avro: cannot represent /a" };
    const r = compareEntries([named("json", 100), named("avro", 50)], [named("json", 100), broken], {});
    expect(r.newlyFailing).toEqual([{ key: "avro", watched: true, error: "avro: cannot represent /a" }]);
    expect(r.missing).toEqual([]);
    expect(r.checks).toEqual([{ name: "formats", limitPct: null, failing: ["avro"], pass: false }]);
    expect(r.pass).toBe(false);
    expect(r.formats.map((f) => f.key)).toEqual(["json"]);
  });

  it("reports a format absent from the run as missing and fails the verdict", () => {
    const r = compareEntries([named("json", 100), named("cbor", 80)], [named("json", 100)], {
      maxRegressionPct: 5,
    });
    expect(r.missing).toEqual([{ key: "cbor", watched: true }]);
    expect(r.pass).toBe(false);
    expect(r.checks.find((c) => c.name === "formats")?.failing).toEqual(["cbor"]);
  });

  it("reports but does not fail on a lost format nobody watches", () => {
    const r = compareEntries([named("json", 100), named("cbor", 80)], [named("json", 100)], {
      formats: ["json"],
    });
    expect(r.missing).toEqual([{ key: "cbor", watched: false }]);
    expect(r.pass).toBe(true);
  });

  it("does not count a format the run chose not to measure as missing", () => {
    const r = compareEntries(
      [named("json", 100), named("cbor", 80)],
      [named("json", 100)],
      {},
      new Set(["json"]),
    );
    expect(r.missing).toEqual([]);
    expect(r.pass).toBe(true);
  });

  it("ignores a format that already failed in the baseline", () => {
    const baseBroken = { ...named("avro", 0), ok: false };
    const r = compareEntries([named("json", 100), baseBroken], [named("json", 100), baseBroken], {});
    expect(r.newlyFailing).toEqual([]);
    expect(r.pass).toBe(true);
  });
});

describe("compareRuns against the database", () => {
  let s: TestServices;
  let project: Awaited<ReturnType<typeof createProject>>;
  const caller = () => ({ projectId: project.id, tokenId: null });
  beforeAll(async () => {
    s = await createTestServices("comparedb");
    project = await createProject(s, "Compare");
  });
  afterAll(async () => s?.close());

  const insertRun = async (
    branch: string,
    status: "completed" | "failed",
    entries: ReturnType<typeof named>[],
    extra: { formats?: string[] } = {},
  ) => {
    const id = newRunId();
    await s.prisma.run.create({
      data: {
        id,
        projectId: project.id,
        inputKind: "json",
        status,
        branch,
        formats: extra.formats ?? [],
        results: {
          create: entries.map((e) => ({
            id: newId(),
            formatId: e.id,
            format: e.format,
            variant: e.variant,
            ok: e.ok,
            detail: formatResultOf(e),
          })),
        },
      },
    });
    return id;
  };

  it("answers 404 naming the baseline when it is neither a run nor a branch with a completed run", async () => {
    const run = await insertRun("feature", "completed", [named("json", 100)]);
    await insertRun("release", "failed", [named("json", 100)]);
    for (const ref of ["no-such-branch", "release", "AAAAAAAAAAAAAAAAAAAAAA"]) {
      await expect(compareRuns(s, caller(), run, ref, {})).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: `Baseline "${ref}" is neither a run id nor a branch with a completed run in this project.`,
      });
    }
    const res = await getComparison(
      s,
      new Request(`http://wirebench.test/api/v1/runs/${run}/comparison?baseline=nope`, {
        headers: { authorization: `Bearer ${project.token}` },
      }),
      run,
    );
    expect(res.status).toBe(404);
    expect((await res.json()).error).toEqual({
      code: "NOT_FOUND",
      message: 'Baseline "nope" is neither a run id nor a branch with a completed run in this project.',
    });
    // A run without a project has no branches to look in.
    const anonymous = newRunId();
    await s.prisma.run.create({ data: { id: anonymous, inputKind: "json", status: "completed" } });
    await expect(
      compareRuns(s, { projectId: null, tokenId: null }, anonymous, "main", {}),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message:
        'Baseline "main" is not a run id; naming a branch as baseline needs a token of the run\'s project.',
    });
  });

  it("fails the verdict when a watched baseline format fails in the run, over REST", async () => {
    const base = await insertRun("main", "completed", [named("json", 100), named("avro", 60)]);
    const broken = { ...named("avro", 0), ok: false, error: "avro: boom" };
    const run = await insertRun("feature", "completed", [named("json", 100), broken]);
    const res = await getComparison(
      s,
      new Request(`http://wirebench.test/api/v1/runs/${run}/comparison?baseline=${base}`),
      run,
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.pass).toBe(false);
    expect(body.newlyFailing).toEqual([{ key: "avro", watched: true, error: "avro: boom" }]);
  });

  it("uses the project's default thresholds unless the request overrides them", async () => {
    await s.prisma.project.update({
      where: { id: project.id },
      data: { thresholds: { maxRegressionPct: 5, formats: ["json"] } },
    });
    const base = await insertRun("main", "completed", [named("json", 100)]);
    const run = await insertRun("feature", "completed", [named("json", 110)]);
    const byDefault = await compareRuns(s, caller(), run, base, {});
    expect(byDefault.thresholds).toEqual({ maxRegressionPct: 5, formats: ["json"] });
    expect(byDefault.pass).toBe(false);
    const overridden = await compareRuns(s, caller(), run, base, { maxRegressionPct: 20 });
    expect(overridden.thresholds.maxRegressionPct).toBe(20);
    expect(overridden.pass).toBe(true);
  });

  it("refuses a misspelt watched format with 400 instead of watching nothing", async () => {
    const run = await insertRun("feature", "completed", [named("json", 100)]);
    const res = await getComparison(
      s,
      new Request(`http://wirebench.test/api/v1/runs/${run}/comparison?formats=jsno`),
      run,
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/^formats: unknown format "jsno"; choose from /);
  });

  it("does not count formats the run did not ask for as missing", async () => {
    await s.prisma.project.update({ where: { id: project.id }, data: { thresholds: {} } });
    const base = await insertRun("main", "completed", [named("json", 100), named("cbor", 60)]);
    const run = await insertRun("feature", "completed", [named("json", 100)], { formats: ["json"] });
    const r = await compareRuns(s, caller(), run, base, {});
    expect(r.missing).toEqual([]);
    expect(r.pass).toBe(true);
  });
});
