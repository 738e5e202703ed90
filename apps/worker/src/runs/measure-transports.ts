import { type DatasetFile, type FormatResult, type Limits, registry, selectEntries } from "@wirebench/codecs";
import type { TransportOption, TransportRun } from "@wirebench/contracts";
import { parseLink, runTransports, withTransportEntries } from "@wirebench/transport";
import type { RunOptions } from "./dataset-of.ts";
import type { PipelineHooks } from "./handle-run-job.ts";
import type { PipelineSettings } from "./run-pipeline.ts";

export interface TransportStage {
  option: TransportOption;
  quick: boolean;
  /** Settled entries of the comparison (final onFormatResult calls), keyed by id. */
  entries: Map<string, FormatResult>;
  limits: Partial<Limits>;
  redisUrl: string;
  formatTimeoutMs: number;
  signal: AbortSignal;
  /** Saves an entry again, now with its `transport`. */
  save(entry: FormatResult): Promise<void>;
  onProgress(id: string, stage: "measuring" | "done"): void;
}

/** The stage's inputs from the pipeline's settings, the run's options and its hooks. */
export function transportStage(
  settings: PipelineSettings,
  options: RunOptions,
  entries: Map<string, FormatResult>,
  hooks: PipelineHooks,
): TransportStage {
  return {
    option: options.transport as TransportOption,
    quick: !!options.quick,
    entries,
    limits: settings.measure,
    redisUrl: settings.transport.redisUrl,
    formatTimeoutMs: settings.transport.formatTimeoutMs,
    signal: hooks.signal,
    save: (entry) => hooks.onResult(entry),
    onProgress: (id, stage) => hooks.onProgress(id, stage),
  };
}

/**
 * After the comparison, every format that encoded the data is measured over the run's transports in
 * the same bounded, sandboxed children as measurement (see @wirebench/transport); each entry is saved
 * again with its `transport` beside the cost model's prediction. Returns what the Result's top-level
 * `transport` holds.
 */
export async function measureTransports(dataset: DatasetFile, stage: TransportStage): Promise<TransportRun> {
  const ok = [...stage.entries.values()].filter((e) => e.ok);
  for (const e of ok) stage.onProgress(e.id, "measuring");
  const outcome = await runTransports(
    dataset,
    selectEntries(
      registry,
      ok.map((e) => e.id),
    ),
    {
      transports: stage.option.transports,
      quick: stage.quick,
      limits: stage.limits,
      redisUrl: stage.redisUrl,
      signal: stage.signal,
      settings: {
        formatTimeoutMs: stage.formatTimeoutMs,
        ...(stage.option.messages !== undefined ? { messages: stage.option.messages } : {}),
      },
      ...(stage.option.link ? { link: parseLink(stage.option.link) } : {}),
    },
  );
  // The model beside each measurement uses the entry's own encode/decode medians and message size.
  for (const f of withTransportEntries(ok, outcome, dataset.messageCount)) {
    await stage.save(f);
    stage.onProgress(f.id, "done");
  }
  return outcome.run;
}
