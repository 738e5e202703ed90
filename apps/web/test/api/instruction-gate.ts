import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnCli } from "../../../../packages/cli/test/helpers/spawn-cli.ts";
import { scratchDir } from "../../../../packages/schemas/test/scratch-dir.ts";
import { startRestServer, startWorker } from "./rest-server.ts";
import { createTestServices } from "./test-services.ts";

/** The preload that points the registry's json entry at a JSON adapter doing 3 % more work. */
export const heavierJson = fileURLToPath(new URL("../fixtures/register-heavier-json.ts", import.meta.url));

/** Five records of 30 items (~2 kB each): over 100,000 instructions a call, ~125 calls a segment. */
function writeSample(dir: string): string {
  const path = join(dir, "sample.json");
  const records = Array.from({ length: 5 }, (_, i) => ({
    id: 1000 + i,
    items: Array.from({ length: 30 }, (_, k) => ({ sku: `sku-${i}-${k}`, qty: k, cents: k * 125 })),
  }));
  writeFileSync(path, JSON.stringify(records));
  return path;
}

export interface GateOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Every count's delta against the baseline, and whether the processes disagreed (noisy). */
  deltas: { key: string; op: string; deltaPct: number; noisy: boolean }[];
}

/**
 * `wirebench ci --gate instructions` end to end: the REST handlers on a plain HTTP server (real
 * PostgreSQL and Redis), a real worker counting under callgrind, and the CLI as a user runs it.
 * `useWorker` swaps the worker, e.g. for one preloading the heavier JSON adapter.
 */
export async function startGate(label: string, formats = "json,msgpackr") {
  const s = await createTestServices(label, {
    WIREBENCH_RATE_LIMIT_CREATE: "1000",
    WIREBENCH_RATE_LIMIT_READ: "100000",
  });
  const server = await startRestServer(s);
  let worker = startWorker(s);
  const dir = scratchDir("wirebench-gate-");
  const sample = writeSample(dir);
  const project = await spawnCli(["project", "create", "Gate", "--server", server.url]);
  if (project.code !== 0) throw new Error(`project create failed: ${project.stderr}`);
  const token = project.stdout.trim();
  let runs = 0;
  const ci = async (...more: string[]): Promise<GateOutcome> => {
    const json = join(dir, `comparison-${runs++}.json`);
    const args = ["ci", sample, "--server", server.url, "--token", token, "--formats", formats, "--quick"];
    const res = await spawnCli([
      ...args,
      "--gate",
      "instructions",
      "--poll-interval",
      "1",
      "--json",
      json,
      ...more,
    ]);
    let deltas: GateOutcome["deltas"] = [];
    try {
      const c = JSON.parse(readFileSync(json, "utf8")) as {
        formats: { key: string; instructions?: { op: string; deltaPct: number; noisy: boolean }[] }[];
      };
      deltas = c.formats.flatMap((f) => (f.instructions ?? []).map((d) => ({ key: f.key, ...d })));
    } catch {
      // No comparison written (the run failed): the exit code and stderr say why.
    }
    return { ...res, deltas };
  };
  return {
    ci,
    async useWorker(opts: { imports?: string[] }) {
      await worker.stop();
      worker = startWorker(s, opts);
    },
    async stop() {
      await worker.stop();
      await server.close();
      await s.close();
    },
  };
}
