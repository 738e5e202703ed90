// Fixtures for tests of code that reads the contract: whole, valid shapes with only the fields a
// test cares about given. Checked against the schemas, so a fixture can never drift from them.
import { type Comparison, comparisonSchema } from "./comparison.ts";
import { type FormatResult, formatResultSchema } from "./result/format-result.ts";
import type { Timing } from "./result/timing.ts";
import { type RunView, runViewSchema } from "./run/run-view.ts";

/** A timing around `medianNs`, its 95% interval `halfWidth` either side. */
export const timingOf = (medianNs: number, halfWidth = 0): Timing => ({
  medianNs,
  ciLowNs: medianNs - halfWidth,
  ciHighNs: medianNs + halfWidth,
  samples: 30,
  opsPerSec: 1e9 / medianNs,
  mbPerSec: 1,
});

export function formatResultOf(over: Partial<FormatResult> & Pick<FormatResult, "id">): FormatResult {
  return formatResultSchema.parse({
    format: over.id,
    variant: "default",
    library: "lib",
    version: "1.0.0",
    ok: true,
    bytes: 100,
    compressed: { gzip: 90, brotli: 80, zstd: 85 },
    encode: timingOf(1000),
    decode: timingOf(2000),
    fidelity: { exact: true, issues: [] },
    ...over,
  });
}

export function runViewOf(over: Partial<RunView> & Pick<RunView, "id">): RunView {
  return runViewSchema.parse({
    url: `http://wirebench.test/runs/${over.id}`,
    status: "completed",
    error: null,
    progress: {},
    inputKind: "json",
    requestedFormats: [],
    createdAt: "2026-11-23T16:00:00.000Z",
    startedAt: null,
    finishedAt: null,
    branch: null,
    commit: null,
    pullRequest: null,
    message: null,
    environment: null,
    schema: null,
    formats: [],
    ...over,
  });
}

export function comparisonOf(over: Partial<Comparison> & Pick<Comparison, "run">): Comparison {
  return comparisonSchema.parse({
    baseline: null,
    thresholds: {},
    formats: [],
    newlyFailing: [],
    missing: [],
    checks: [],
    pass: true,
    note: null,
    ...over,
  });
}
