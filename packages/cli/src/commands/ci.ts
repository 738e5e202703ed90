import { writeFileSync } from "node:fs";
import {
  comparisonSchema,
  createRunResponseSchema,
  isFinishedStage,
  isTerminalStatus,
  type RuntimeId,
  type RunView,
  runViewSchema,
} from "@wirebench/contracts";
import { defaultMaxInstructionRegressionPct } from "@wirebench/contracts/instructions/compare";
import { type Command, InvalidArgumentError, Option } from "commander";
import pc from "picocolors";
import type { z } from "zod";
import { readText, sampleFormatOf, schemaKindOf } from "../ci/read-input.ts";
import { renderMarkdown } from "../ci/render-markdown.ts";
import { getWithRetry } from "../ci/retrying-get.ts";
import { printable } from "../output/printable.ts";
import { createApiClient } from "../remote/api-client.ts";
import { parseRuntimes } from "./runtimes-flag.ts";

interface CiOptions {
  server: string;
  token: string;
  schema?: string;
  root?: string;
  branch?: string;
  commit?: string;
  pr?: number;
  message?: string;
  baseline?: string;
  maxRegression?: number;
  maxTimeRegression?: number;
  gate?: "instructions";
  maxInstructionRegression?: number;
  markdown?: string;
  json?: string;
  formats?: string;
  quick?: boolean;
  runtimes?: RuntimeId[];
  timeout: number;
  pollInterval: number;
}

const percent = (v: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError("a percentage >= 0");
  return n;
};
const seconds = (v: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError("a number of seconds > 0");
  return n;
};

const pullRequest = (v: string) => {
  if (!/^\d+$/.test(v) || Number(v) < 1 || !Number.isSafeInteger(Number(v)))
    throw new InvalidArgumentError("a pull request number (a whole number >= 1)");
  return Number(v);
};
const messageText = (v: string) => {
  if (v.length > 2_000) throw new InvalidArgumentError("at most 2,000 characters");
  return v;
};

/**
 * `wirebench ci`: creates a run on the server, waits for it, compares it with the baseline and
 * exits 0 (within thresholds), 1 (a threshold crossed) or 2 (error).
 */
export function registerCi(program: Command): void {
  program
    .command("ci <file>")
    .description("measure a sample on a Wirebench server and fail when it regresses against a baseline")
    .requiredOption("--server <url>", "Wirebench server, e.g. https://wirebench.example.com")
    // From the environment by default, so the secret need not appear in a CI log's command line.
    .addOption(
      new Option("--token <token>", "project API token (wirebench project create)")
        .env("WIREBENCH_TOKEN")
        .makeOptionMandatory(),
    )
    .option(
      "--schema <file>",
      "schema the sample follows (.proto, .avsc, .thrift, .fbs, .capnp, or JSON Schema .json)",
    )
    .option("--root <type>", "with a .proto, .thrift, .fbs or .capnp schema: the type each record is")
    .option("--branch <name>", "branch this run belongs to")
    .option("--commit <sha>", "commit this run measures")
    .option("--pr <number>", "pull request this run is for (shown in the Markdown)", pullRequest)
    .option(
      "--message <text>",
      "a note for the run, e.g. the commit subject (shown in the Markdown)",
      messageText,
    )
    .option("--baseline <ref>", "run id, or a branch whose latest completed run is the baseline")
    .option("--max-regression <pct>", "fail when raw or compressed size grows by more than this", percent)
    .option("--max-time-regression <pct>", "fail on a significant slow-down larger than this", percent)
    .option("--formats <list>", "comma-separated formats to measure")
    .option("--quick", "coarse timings in seconds", false)
    .option(
      "--runtimes <list>",
      "measure in these runtimes too: node, python, go, java, rust (default node); each entry is compared with the baseline's entry of the same runtime",
      parseRuntimes,
    )
    .addOption(
      new Option(
        "--gate <metric>",
        "also count instructions per call (callgrind, minutes) and fail when one rises past --max-instruction-regression",
      ).choices(["instructions"]),
    )
    .option(
      "--max-instruction-regression <pct>",
      `with --gate instructions: largest allowed rise of an instruction count (default: the project's maxInstructionRegressionPct, else ${defaultMaxInstructionRegressionPct})`,
      percent,
    )
    .option("--markdown <file>", "write a pull-request comment (Markdown)")
    .option("--json <file>", "write the comparison as JSON")
    .option("--timeout <seconds>", "give up waiting after this long", seconds, 900)
    .option("--poll-interval <seconds>", "how often to ask for progress", seconds, 2)
    .action(async (file: string, opts: CiOptions) => {
      // A limit on instruction counts asks for them: a run without counts would pass unjudged.
      if (opts.maxInstructionRegression !== undefined) opts.gate = "instructions";
      const deadline = Date.now() + opts.timeout * 1000;
      const api = createApiClient(opts.server, opts.token);
      const get = <S extends z.ZodType>(schema: S, path: string) =>
        getWithRetry(schema, opts.server, opts.token, path, {
          deadline,
          baseDelayMs: opts.pollInterval * 1000,
          onRetry: (status, ms) =>
            console.error(pc.dim(`server answered ${status}; retrying in ${(ms / 1000).toFixed(1)} s`)),
        });
      const created = await api.request(createRunResponseSchema, "POST", "/api/v1/runs", {
        sample: readText(file),
        sampleFormat: sampleFormatOf(file),
        ...(opts.schema
          ? {
              schema: {
                kind: schemaKindOf(opts.schema),
                text: readText(opts.schema),
                ...(opts.root !== undefined ? { rootType: opts.root } : {}),
              },
            }
          : {}),
        ...(opts.formats ? { formats: opts.formats.split(",").map((s) => s.trim()) } : {}),
        options: {
          quick: !!opts.quick,
          ...(opts.gate === "instructions" ? { metric: "instructions" } : {}),
          ...(opts.runtimes ? { runtimes: opts.runtimes } : {}),
        },
        ...(opts.branch ? { branch: opts.branch } : {}),
        ...(opts.commit ? { commit: opts.commit } : {}),
        ...(opts.pr !== undefined ? { pullRequest: opts.pr } : {}),
        ...(opts.message ? { message: opts.message } : {}),
        ...(opts.baseline ? { baseline: opts.baseline } : {}),
      });
      console.error(printable(`run ${created.id} queued: ${created.url}`));

      let run: RunView;
      let last = "";
      for (;;) {
        run = await get(runViewSchema, `/api/v1/runs/${created.id}`);
        const stages = Object.values(run.progress);
        const line = `${run.status}: ${stages.filter(isFinishedStage).length}/${stages.length} formats`;
        if (line !== last) console.error(pc.dim(line));
        last = line;
        if (isTerminalStatus(run.status)) break;
        if (Date.now() > deadline)
          throw new Error(`run ${created.id} did not finish within ${opts.timeout} s`);
        await new Promise((r) => setTimeout(r, opts.pollInterval * 1000));
      }
      if (run.status !== "completed")
        throw new Error(`run ${created.id} ${run.status}: ${run.error ?? "no reason given"}`);

      const q = new URLSearchParams();
      if (opts.baseline) q.set("baseline", opts.baseline);
      if (opts.maxRegression !== undefined) q.set("maxRegression", String(opts.maxRegression));
      if (opts.maxTimeRegression !== undefined) q.set("maxTimeRegression", String(opts.maxTimeRegression));
      // Without the flag the server judges the counts at the project's stored limit, else the default.
      if (opts.maxInstructionRegression !== undefined)
        q.set("maxInstructionRegression", String(opts.maxInstructionRegression));
      if (opts.formats) q.set("formats", opts.formats);
      const comparison = await get(comparisonSchema, `/api/v1/runs/${created.id}/comparison?${q}`);
      const markdown = renderMarkdown(comparison);
      if (opts.markdown) writeFileSync(opts.markdown, markdown);
      if (opts.json) writeFileSync(opts.json, `${JSON.stringify(comparison, null, 2)}\n`);
      console.log(markdown);
      console.error(comparison.pass ? pc.green("within thresholds") : pc.red("threshold crossed"));
      process.exitCode = comparison.pass ? 0 : 1;
    });
}
