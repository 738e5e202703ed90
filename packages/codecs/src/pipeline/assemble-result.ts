import type { FormatResult, Result } from "@wirebench/contracts";
import type { Dataset } from "@wirebench/schemas";
import { libraryVersion, machine, type toolVersions } from "../environment/collect-environment.ts";
import type { Op } from "../harness/protocol.ts";
import type { Limits, MeasureSettings } from "../harness/settings.ts";
import type { RegistryEntry } from "../registry/registry.ts";

const OPS: Op[] = ["encode", "decode", "access"];

export interface RunFacts {
  entries: RegistryEntry[];
  formats: FormatResult[];
  settings: MeasureSettings;
  limits: Limits;
  quick: boolean;
  verifyOnly: boolean;
  started: number;
  messageCount: number;
  schema: Dataset["schema"];
  /** git's and the schema compilers' answers (toolVersions, asked when the run started). */
  tools: Awaited<ReturnType<typeof toolVersions>>;
}

/** The completed Result of a run: its formats, the environment it ran in and the noise it saw. */
export function assembleResult(run: RunFacts): Result {
  const libraries: Record<string, string> = {};
  for (const lib of new Set([
    ...run.entries.map((e) => e.library),
    "simple-statistics",
    "@bokuweb/zstd-wasm",
  ])) {
    libraries[lib] = libraryVersion(lib);
  }
  return {
    status: "completed",
    environment: {
      ...machine(),
      gitCommit: run.tools.gitCommit,
      libraries,
      compilers: run.tools.compilers,
      settings: { ...run.settings, ...run.limits, quick: run.quick, verifyOnly: run.verifyOnly },
      startedAt: new Date(run.started).toISOString(),
      durationMs: Date.now() - run.started,
    },
    formats: run.formats,
    noise: noiseOf(run.formats),
    dataset: { messages: run.messageCount, schemaName: run.schema.name },
    ...(run.schema.limitations?.length ? { limitations: run.schema.limitations } : {}),
  };
}

/** Medians over all timings of how much processes, rounds and CIs vary: the run's own noise floor. */
function noiseOf(formats: FormatResult[]): Result["noise"] {
  const med = (xs: number[]) => {
    if (xs.length === 0) return null;
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)] as number;
  };
  const timings = formats.flatMap((f) => OPS.map((op) => f[op]).filter((t) => t != null));
  return {
    betweenProcesses: med(timings.flatMap((t) => (t.processSpread === undefined ? [] : [t.processSpread]))),
    betweenRounds: med(timings.flatMap((t) => (t.roundSpread === undefined ? [] : [t.roundSpread]))),
    ciWidth: med(timings.map((t) => (t.ciHighNs - t.ciLowNs) / t.medianNs)),
  };
}
