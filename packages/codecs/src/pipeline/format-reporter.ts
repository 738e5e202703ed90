import type { FormatResult } from "@wirebench/contracts";
import { type FormatState, toFormatResult } from "./format-state.ts";
import type { ProgressEvent, ProgressPhase, RunOptions } from "./run-options.ts";

/**
 * Tells the caller about formats as they progress: progress events, and entries saved through
 * `onFormatResult`. Child messages arrive through a synchronous callback, but saving an entry is
 * asynchronous: the saves are chained so they land in order (a verified entry never overwrites the
 * final one), and the first error is kept for the end instead of leaving a rejected promise
 * unhandled while children run.
 */
export class FormatReporter {
  private saves = Promise.resolve();
  /** Set once a save has failed; the run fails with it after the children have stopped. */
  saveError: { err: unknown } | undefined;

  constructor(private readonly opts: Pick<RunOptions, "onProgress" | "onFormatResult" | "verifyOnly">) {}

  emit(st: FormatState, phase: ProgressPhase, detail?: string): void {
    const e: ProgressEvent = { id: st.entry.id, format: st.entry.format, variant: st.entry.variant, phase };
    if (detail !== undefined) e.detail = detail;
    this.opts.onProgress?.(e);
  }

  report(st: FormatState, final: boolean, after?: () => void): void {
    const entry: FormatResult = toFormatResult(st, this.opts.verifyOnly === true);
    if (final) st.final = entry;
    this.saves = this.saves
      .then(async () => {
        if (this.saveError) return;
        await this.opts.onFormatResult?.(entry, { final });
        after?.();
      })
      .catch((err: unknown) => {
        this.saveError ??= { err };
      });
  }

  fail(st: FormatState, error: string): void {
    if (st.error) return;
    st.error = error;
    this.report(st, true, () => this.emit(st, "failed", error));
  }

  /** Resolves when every save so far has been attempted. */
  settled(): Promise<void> {
    return this.saves;
  }
}
