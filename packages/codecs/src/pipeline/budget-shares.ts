import type { RegistryEntry } from "../registry/registry.ts";

/**
 * Splits the run's format entries into `shards` groups, one child process each, so preparation,
 * verification and compression run on several cores. Variants of one format stay together: they
 * share a code-generation folder, which two processes must not write at once. Formats go, largest
 * first, to the group with the fewest entries (ties: the earlier group), so groups come out even.
 */
export function shardEntries(entries: RegistryEntry[], shards: number): RegistryEntry[][] {
  const byFormat = new Map<string, RegistryEntry[]>();
  for (const e of entries) byFormat.set(e.format, [...(byFormat.get(e.format) ?? []), e]);
  const groups: RegistryEntry[][] = Array.from(
    { length: Math.max(1, Math.min(shards, byFormat.size)) },
    () => [],
  );
  const largestFirst = [...byFormat.values()].sort((a, b) => b.length - a.length);
  for (const variants of largestFirst) {
    const smallest = groups.reduce((min, g) => (g.length < min.length ? g : min));
    smallest.push(...variants);
  }
  // Registry order within a group, so a group's children prepare and report in a familiar order.
  const order = new Map(entries.map((e, i) => [e.id, i]));
  for (const g of groups) g.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return groups.filter((g) => g.length > 0);
}

/**
 * The run's time budget for timed rounds, shared among child processes as they get their turn: each
 * replicate gets an equal part, and within it a child gets what is left in proportion to the
 * formats it times, so what one child did not use goes to the children timed after it.
 */
export class BudgetShares {
  private readonly spentMs: number[];
  private readonly formatsLeft: number[];

  constructor(
    private readonly budgetMs: number,
    processes: number,
    formatsPerProcess: number,
  ) {
    this.spentMs = Array.from({ length: processes }, () => 0);
    this.formatsLeft = Array.from({ length: processes }, () => formatsPerProcess);
  }

  /** The milliseconds the child of replicate `p` timing `formats` formats may take now. */
  grant(p: number, formats: number): number {
    const replicate = this.budgetMs / this.spentMs.length;
    const left = Math.max(0, replicate - (this.spentMs[p] ?? 0));
    return (left * formats) / Math.max(formats, this.formatsLeft[p] ?? formats);
  }

  /** A child of replicate `p` timed for `ms`; when it completed, its formats are done with. */
  spend(p: number, ms: number, formats: number): void {
    this.spentMs[p] = (this.spentMs[p] ?? 0) + ms;
    this.formatsLeft[p] = Math.max(0, (this.formatsLeft[p] ?? 0) - formats);
  }
}
