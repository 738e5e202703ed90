import { describe, expect, it } from "vitest";
import {
  ContractError,
  checkContract,
  errorBodySchema,
  errorStatuses,
  formatStageSchema,
  formatStages,
  isFinishedStage,
  isTerminalStatus,
  runStatusSchema,
  stageLabel,
  storedRunOptionsSchema,
  terminalRunStatuses,
} from "../src/index.ts";
import { comparisonOf, runViewOf } from "../src/testing.ts";

describe("the step vocabulary", () => {
  it("builds the zod enums from the one table, in order", () => {
    expect(formatStageSchema.options).toEqual([
      "queued",
      "generating",
      "verifying",
      "measuring",
      "done",
      "failed",
    ]);
    expect(formatStages.filter(isFinishedStage)).toEqual(["done", "failed"]);
    expect(runStatusSchema.options.filter(isTerminalStatus)).toEqual([...terminalRunStatuses]);
  });

  it("labels known stages and shows a newer worker's unknown stage as written", () => {
    expect(stageLabel("verifying")).toBe("checking round trip");
    expect(stageLabel("compressing")).toBe("compressing");
    expect(isFinishedStage("compressing")).toBe(false);
  });
});

describe("stored run options", () => {
  it("keeps the limits a run was accepted under and refuses a limit that is not a positive integer", () => {
    const stored = {
      quick: true,
      schemaKind: "proto",
      parseLimits: { maxDepth: 64 },
      maxSyntheticValues: 10,
    };
    expect(storedRunOptionsSchema.parse(stored)).toEqual(stored);
    expect(() =>
      checkContract(storedRunOptionsSchema, { parseLimits: { maxDepth: 0 } }, "the options"),
    ).toThrow(
      new ContractError(
        "the options does not match the contract (parseLimits.maxDepth: Too small: expected number to be >0)",
      ),
    );
    expect(storedRunOptionsSchema.safeParse({ schemaKind: "xsd" }).success).toBe(false);
  });
});

describe("errors, runs and comparisons", () => {
  it("accepts every error code the statuses table names, and no other", () => {
    for (const code of Object.keys(errorStatuses))
      expect(errorBodySchema.safeParse({ error: { code, message: "m" } }).success).toBe(true);
    expect(errorBodySchema.safeParse({ error: { code: "TEAPOT", message: "m" } }).success).toBe(false);
  });

  it("rejects a run view whose progress holds an unknown stage, and a comparison check of an unknown name", () => {
    expect(() => runViewOf({ id: "r", progress: { json: "stalled" } as never })).toThrow(
      /progress\.json|progress/,
    );
    const run = runViewOf({ id: "r" });
    expect(comparisonOf({ run }).pass).toBe(true);
    expect(() =>
      comparisonOf({ run, checks: [{ name: "speed", limitPct: 1, failing: [], pass: true }] as never }),
    ).toThrow();
  });
});
