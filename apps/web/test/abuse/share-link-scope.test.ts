import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getComparison } from "../../src/server/http/projects-api.ts";
import { branchHistory } from "../../src/server/services/branch-history.ts";
import { createProject } from "../../src/server/services/create-project.ts";
import { newRunId } from "../../src/server/services/ids.ts";
import { createTestServices, type TestServices } from "../api/test-services.ts";
import { alongside, errorOf, freshAddress, from, get } from "./abuse-kit.ts";

let s: TestServices;
let project: Awaited<ReturnType<typeof createProject>>;
let other: Awaited<ReturnType<typeof createProject>>;
/** Runs of the project by branch: what a share-link holder must not reach. */
const onBranch: Record<string, string> = {};
let shared: string;
let sharedBaseline: string;
let sharedByBranch: string;

const insertRun = async (branch: string, baselineRef: string | null = null) => {
  const id = newRunId();
  await s.prisma.run.create({
    data: { id, projectId: project.id, inputKind: "json", status: "completed", branch, baselineRef },
  });
  return id;
};

beforeAll(async () => {
  s = await createTestServices("abuse-share", { WIREBENCH_RATE_LIMIT_READ: "10000" });
  project = await createProject(s, "Secret project");
  other = await createProject(s, "Other");
  for (const b of ["main", "release-2", "secret-feature"]) onBranch[b] = await insertRun(b);
  sharedBaseline = await insertRun("main");
  shared = await insertRun("pr-7", sharedBaseline);
  sharedByBranch = await insertRun("pr-8", "main");
  onBranch.main = await insertRun("main"); // the latest main run: the one a branch lookup finds
});
afterAll(async () => s?.close());

const compare = (runId: string, query: string, headers: Record<string, string> = {}) =>
  getComparison(s, get(`/api/v1/runs/${runId}/comparison${query}`, from(freshAddress(), headers)), runId);

/** Every run id the response text mentions besides the ones allowed. */
const leakedIds = (text: string, allowed: string[]) =>
  Object.values(onBranch).filter((id) => !allowed.includes(id) && text.includes(id));

describe("a share link's comparison", () => {
  it("never resolves a branch for a caller without the project's token", async () => {
    const branch = fc.oneof(
      fc.constantFrom("main", "release-2", "secret-feature", "pr-7"),
      fc.stringMatching(/^[a-z][a-z0-9/_-]{0,30}$/),
    );
    await fc.assert(
      fc.asyncProperty(branch, async (ref) => {
        const { result: res, read } = await alongside(s, shared, () =>
          compare(shared, `?baseline=${encodeURIComponent(ref)}`),
        );
        expect(read.status).toBe(200);
        expect(res.status).toBe(404);
        const text = JSON.stringify(await errorOf(res));
        // An existing branch reads exactly like a missing one.
        expect(text).toBe(
          JSON.stringify({
            code: "NOT_FOUND",
            message: `Baseline "${ref}" is not a run id; naming a branch as baseline needs a token of the run's project.`,
          }),
        );
        expect(leakedIds(text, [])).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });

  it("reaches the baseline run the run was compared with, by id", async () => {
    const byDefault = await compare(shared, "");
    expect(byDefault.status).toBe(200);
    const body = await byDefault.json();
    expect(body.baseline.id).toBe(sharedBaseline);
    expect(leakedIds(JSON.stringify(body), [shared, sharedBaseline])).toEqual([]);
    expect((await (await compare(shared, `?baseline=${sharedBaseline}`)).json()).baseline.id).toBe(
      sharedBaseline,
    );
  });

  it("leaves a branch baseline unresolved without the token, and resolves it with the token", async () => {
    const anonymous = await (await compare(sharedByBranch, "")).json();
    expect(anonymous.baseline).toBeNull();
    expect(anonymous.note).toMatch(/needs a token of the run's project/);
    expect(leakedIds(JSON.stringify(anonymous), [])).toEqual([]);
    const owner = await (
      await compare(sharedByBranch, "", { authorization: `Bearer ${project.token}` })
    ).json();
    expect(owner.baseline.id).toBe(onBranch.main);
    const byName = await (
      await compare(shared, "?baseline=secret-feature", { authorization: `Bearer ${project.token}` })
    ).json();
    expect(byName.baseline.id).toBe(onBranch["secret-feature"]);
  });

  it("refuses another project's token outright", async () => {
    const res = await compare(shared, "?baseline=main", { authorization: `Bearer ${other.token}` });
    expect(res.status).toBe(403);
  });
});

describe("a share link's history page", () => {
  it("charts the branch without naming any other run", async () => {
    const history = await branchHistory(s, onBranch.main!);
    expect(history.points.length).toBe(3);
    const text = JSON.stringify(history.points);
    expect(Object.values(onBranch).filter((id) => text.includes(id))).toEqual([]);
    expect(text).not.toContain(sharedBaseline);
  });
});
