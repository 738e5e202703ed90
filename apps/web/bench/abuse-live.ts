// Abuse script (not a test): sends each hostile request of issue 12 to a live stack started with
// `npm run up` and prints, per attack, how long the service took to refuse or finish it, the slowest
// answer of a cheap GET polled every 20 ms meanwhile, the worker's peak resident memory (read from
// /proc; the worker is found by its command line, working directory and queue), and whether an
// ordinary small run completes right after. Loopback only; every attack sends a bounded number of
// requests.
//
//   WIREBENCH_QUEUE=my-queue npx tsx apps/web/bench/abuse-live.ts [http://127.0.0.1:3107]
//
// The poller makes ~50 reads a second with one token; run the stack with WIREBENCH_RATE_LIMIT_READ
// above 3000 (per minute) or the poll's own 429s show up in its column.
import { randomBytes } from "node:crypto";
import {
  punctuationKeysSample,
  refBombSchema,
} from "../../../packages/schemas/test/hostile/hostile-inputs.ts";
import { base, call, created, postRun, queue, refused, small, waitForRun } from "./abuse/live-api.ts";
import { attack } from "./abuse/watch-attack.ts";
import { findWorker } from "./abuse/worker-process.ts";

async function main() {
  const worker = findWorker();
  console.log(`# abuse-live against ${base.origin}, queue ${queue}, worker pid ${worker ?? "not found"}`);
  const project = await call("/api/v1/projects", {
    method: "POST",
    body: JSON.stringify({ name: `abuse-live-${randomBytes(4).toString("hex")}` }),
    ...(process.env.WIREBENCH_ADMIN_TOKEN ? { token: process.env.WIREBENCH_ADMIN_TOKEN } : {}),
  });
  if (project.status !== 201) throw new Error(`could not create a project: ${refused(project)}`);
  const token = project.body.token as string;
  // The run the cheap GET reads, on branch main, and one on a feature branch for the share-link attack.
  const cheap = await postRun({ ...small, branch: "main" }, token);
  if (cheap.status !== 202) throw new Error(`the stack refused a small run: ${refused(cheap)}`);
  const cheapStatus = await waitForRun(cheap.body.id!, token);
  console.log(`small run on main: ${cheapStatus}`);
  const feature = await postRun({ ...small, branch: "feature-secret" }, token);
  await waitForRun(feature.body.id!, token);
  const ctx = { token, cheapRun: cheap.body.id! };

  await attack("$ref bomb JSON Schema (8 properties per level, 6 levels)", ctx, async () => {
    const text = refBombSchema(8, 6);
    return created(await postRun({ schema: { kind: "jsonschema", text } }));
  });

  await attack("20,000 punctuation-only keys, each holding an object", ctx, async () =>
    created(await postRun({ sample: punctuationKeysSample(20_000), formats: ["json", "protobuf"] })),
  );

  await attack("1,000 fields × 10,000 {} objects with a schema", ctx, async () => {
    const properties = Object.fromEntries(
      Array.from({ length: 1_000 }, (_, i) => [`f${i}`, { type: "integer" }]),
    );
    const schema = JSON.stringify({ title: "Wide", type: "object", properties });
    const sample = `[${Array(10_000).fill("{}").join(",")}]`;
    return created(
      await postRun({ sample, schema: { kind: "jsonschema", text: schema }, formats: ["json"] }),
    );
  });

  await attack("deep nesting via tRPC (a sample value 10,000 levels deep)", ctx, async () => {
    const body = `{"0": {"sample": ${"[".repeat(10_000)}1${"]".repeat(10_000)}}}`;
    const res = await call("/api/trpc/runs.create?batch=1", { method: "POST", body });
    const reply = (Array.isArray(res.body) ? res.body[0] : res.body) as {
      error?: { message: string };
      result?: { data: { id: string } };
    };
    if (reply?.result) return { outcome: `${res.status} accepted`, runId: reply.result.data.id };
    return { outcome: `${res.status} ${reply?.error?.message?.slice(0, 140) ?? ""}` };
  });

  await attack("cross-site text/plain POST (an HTML form on another site)", ctx, async () => {
    const res = await call("/api/v1/runs", {
      method: "POST",
      body: JSON.stringify(small),
      headers: {
        "content-type": "text/plain",
        origin: "http://evil.example",
        "sec-fetch-site": "cross-site",
      },
    });
    return res.status === 202 ? created(res) : { outcome: refused(res) };
  });

  await attack("share link asks for another branch's latest run (comparison)", ctx, async () => {
    const res = await call(`/api/v1/runs/${cheap.body.id}/comparison?baseline=feature-secret`);
    const leaked = JSON.stringify(res.body).includes(feature.body.id!);
    return { outcome: `${refused(res)}${leaked ? " — LEAKED the feature run's id" : ""}` };
  });

  await attack("30 made-up tokens, then the real token", ctx, async () => {
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 30; i++) {
      const r = await postRun(small, `wb_${randomBytes(24).toString("base64url")}`);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
    const real = await postRun(small, token);
    const anon = await postRun(small);
    return {
      outcome: `made-up: ${JSON.stringify(statuses)}; real token: ${real.status}; same address without a token: ${anon.status}`,
      ...(real.status === 202 ? { runId: real.body.id! } : {}),
    };
  });
}

main().catch((err: Error) => {
  console.error(`abuse-live: ${err.message}`);
  process.exit(1);
});
