import type { ChildMessage } from "../harness/protocol.ts";
import type { FormatCosts } from "./format-costs.ts";

/**
 * What warming each format up took in the first replicate's children, by format (its variants and
 * operations together), from when a child announced an operation's warm-up to its next message.
 * Warm-up is most of what a later replicate's children do before timing, and what it takes depends
 * on the JIT (Ion, YAML, XML, Cap'n Proto run to the cap), not on a call's cost, which is all the
 * costs recorded by earlier runs know: a later replicate's FormatQueue is priced with these instead.
 */
export class WarmupClock {
  private readonly ms: FormatCosts = new Map();
  private readonly open = new Map<number, { format: string; at: number }>();

  constructor(private readonly formatOf: (id: string) => string | undefined) {}

  /** Folds in message `m` of child `child` (any key unique among the first replicate's children). */
  observe(child: number, m: ChildMessage, now = performance.now()): void {
    const open = this.open.get(child);
    if (open) {
      this.ms.set(open.format, (this.ms.get(open.format) ?? 0) + (now - open.at));
      this.open.delete(child);
    }
    const format = m.type === "step" && m.step === "warmup" ? this.formatOf(m.id) : undefined;
    if (format) this.open.set(child, { format, at: now });
  }

  /** Milliseconds of warm-up per format so far (formats not warmed up yet are absent). */
  costs(): FormatCosts {
    return new Map(this.ms);
  }
}
