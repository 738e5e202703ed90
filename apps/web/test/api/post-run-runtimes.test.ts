import { runtimeIds } from "@wirebench/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as openapi } from "../../app/api/openapi.json/route.ts";
import { postRun } from "../../src/server/http/runs-api.ts";
import { getRun } from "../../src/server/services/get-run.ts";
import { handleTrpc } from "../../src/server/trpc/handler.ts";
import { from, jsonPost } from "../abuse/abuse-kit.ts";
import { createTestServices, post, type TestServices } from "./test-services.ts";

let s: TestServices;
beforeAll(async () => {
  s = await createTestServices("post-run-runtimes", { WIREBENCH_RATE_LIMIT_CREATE: "1000" });
});
afterAll(async () => s?.close());

const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
const body = (runtimes: unknown) => JSON.stringify({ sample: '{"id": 1}', options: { runtimes } });
/** runs.create as the browser's httpBatchLink sends it. */
const viaTrpc = (text: string) =>
  handleTrpc(s, jsonPost("/api/trpc/runs.create?batch=1", `{"0": ${text}}`, from("198.51.100.7")));
const storedOptions = async (id: string) =>
  (await s.prisma.run.findUniqueOrThrow({ where: { id } })).options as Record<string, unknown>;

describe("options.runtimes on POST /api/v1/runs and tRPC runs.create", () => {
  it("stores the runtimes asked for with the run's options, through REST and through tRPC", async () => {
    const rest = await postRun(s, post(body(["node", "python", "go"])));
    expect(rest.status).toBe(202);
    const { id } = (await rest.json()) as { id: string };
    expect(await storedOptions(id)).toMatchObject({ runtimes: ["node", "python", "go"] });

    const trpc = await viaTrpc(body(["rust", "java"]));
    expect(trpc.status).toBe(200);
    const [reply] = (await trpc.json()) as { result: { data: { id: string } } }[];
    expect(await storedOptions(reply!.result.data.id)).toMatchObject({ runtimes: ["rust", "java"] });

    // Leaving it out keeps the default (Node only): nothing is stored for the worker to read.
    const plain = await postRun(s, post(JSON.stringify({ sample: '{"id": 1}' })));
    expect(await storedOptions(((await plain.json()) as { id: string }).id)).not.toHaveProperty("runtimes");
    // Until the worker writes them, the run view has neither runtimes nor the byte comparison.
    const view = await getRun(s, id);
    expect(view.runtimes).toBeUndefined();
    expect(view.crossRuntime).toBeUndefined();
  });

  it("refuses unknown, empty, repeated and mistyped runtimes with 400 naming the problem, and writes no run", async () => {
    const cases: [unknown, RegExp][] = [
      [["node", "ruby"], /^Invalid request: options\.runtimes\.1: .*"node".*"python".*"go".*"java".*"rust"/],
      [[], /^Invalid request: options\.runtimes: .*>=1/],
      ["python", /^Invalid request: options\.runtimes: .*expected array/],
      [["go", "python", "go"], /^options\.runtimes: go is named twice; name each runtime once\.$/],
    ];
    for (const [runtimes, message] of cases) {
      const before = await s.prisma.run.count();
      const rest = await postRun(s, post(body(runtimes)));
      expect(rest.status, JSON.stringify(runtimes)).toBe(400);
      expect(await errorOf(rest)).toMatch(message);
      const trpc = await viaTrpc(body(runtimes));
      expect(trpc.status, JSON.stringify(runtimes)).toBe(400);
      const [reply] = (await trpc.json()) as { error: { message: string } }[];
      expect(reply!.error.message).toMatch(message);
      expect(await s.prisma.run.count()).toBe(before);
    }
  });

  it("accepts formats only an asked-for runtime measures, and names the runtime of one not asked for", async () => {
    const withFormats = (formats: string[], runtimes?: string[]) =>
      JSON.stringify({ sample: '{"id": 1}', formats, ...(runtimes ? { options: { runtimes } } : {}) });
    // bincode is Rust's only; kryo and fory Java's; Node's json beside them.
    for (const [formats, runtimes] of [
      [["bincode"], ["node", "rust"]],
      [["kryo", "fory", "json"], ["java"]],
    ] as const) {
      const rest = await postRun(s, post(withFormats([...formats], [...runtimes])));
      expect(rest.status, await rest.clone().text()).toBe(202);
      const { id } = (await rest.json()) as { id: string };
      const row = await s.prisma.run.findUniqueOrThrow({ where: { id } });
      expect(row.formats).toEqual(formats);
      const trpc = await viaTrpc(withFormats([...formats], [...runtimes]));
      expect(trpc.status).toBe(200);
    }
    const refused: [string[], string[] | undefined, string | RegExp][] = [
      [
        ["bincode"],
        undefined,
        'formats: format "bincode" is measured in rust, not in node: add rust to options.runtimes, as in "runtimes": ["node","rust"]',
      ],
      [
        ["json", "colfer"],
        ["python"],
        'formats: format "colfer" is measured in go, not in node, python: add go to options.runtimes, as in "runtimes": ["node","python","go"]',
      ],
      [
        ["bincodee"],
        ["rust"],
        /^formats: unknown format "bincodee"; choose from json, .*; rust: .*\bbincode\b.*\(searched node, rust\)$/,
      ],
    ];
    for (const [formats, runtimes, message] of refused) {
      const before = await s.prisma.run.count();
      const rest = await postRun(s, post(withFormats(formats, runtimes)));
      expect(rest.status, formats.join()).toBe(400);
      expect(await errorOf(rest)).toMatch(message);
      const trpc = await viaTrpc(withFormats(formats, runtimes));
      expect(trpc.status).toBe(400);
      const [reply] = (await trpc.json()) as { error: { message: string } }[];
      expect(reply!.error.message).toMatch(message);
      expect(await s.prisma.run.count()).toBe(before);
    }
  });

  it("the run view lifts the runtimes and the byte comparison the worker stored with the environment", async () => {
    const res = await postRun(s, post(body(["node", "java"])));
    const { id } = (await res.json()) as { id: string };
    const runtimes = [
      { runtime: "node", available: true, version: "v20.20.2" },
      { runtime: "java", available: false, reason: "java not found on PATH" },
    ];
    const crossRuntime = [{ format: "json", reference: "json", same: ["json"], different: [] }];
    const environment = {
      node: "v20",
      v8: "11",
      platform: "linux",
      arch: "x64",
      cpuModel: "cpu",
      cpuCount: 2,
      totalMemoryMb: 1,
      gitCommit: null,
      libraries: {},
      settings: {},
      startedAt: new Date().toISOString(),
      durationMs: 1,
      runtimes,
      crossRuntime,
    };
    await s.prisma.run.update({ where: { id }, data: { status: "completed", environment } });
    const view = await getRun(s, id);
    expect(view.runtimes).toEqual(runtimes);
    expect(view.crossRuntime).toEqual(crossRuntime);
  });

  it("the OpenAPI document lists every runtime an option may name", async () => {
    const doc = await openapi().json();
    const runtimes = doc.components.schemas.RunOptions.properties.runtimes;
    expect(runtimes.items.enum).toEqual([...runtimeIds]);
    expect(runtimes.minItems).toBe(1);
    expect(runtimes.description).toMatch(/Default \[node\]/);
    const run = JSON.stringify(doc.components.schemas.Run.properties);
    expect(run).toContain('"crossRuntime"');
    expect(run).toContain('"firstDifferenceAt"');
  });
});
