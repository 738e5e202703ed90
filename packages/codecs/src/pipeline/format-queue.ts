import type { RegistryEntry } from "../registry/registry.ts";
import { shardEntries } from "./budget-shares.ts";
import type { FormatCosts } from "./format-costs.ts";

/**
 * The formats of the first replicate, handed to its shard children as they ask: a child that finished
 * a format asks for the next, so one slow format (YAML on a 2 MB document: seconds per call) holds
 * up only the child that has it, not a share of the formats fixed at the start. A format's variants
 * go together (they share code and a folder). Formats whose adapters run a compiler are split among
 * the children from the start instead, so their compilers start at once (and two children never
 * generate into one folder).
 *
 * Children time the formats they prepared, so which child holds which format decides when the run
 * ends. With `costs` from an earlier run (format-costs.ts) the queue balances what timing will cost
 * each child, greedily from both ends: a child holding no more than any other gets the costliest
 * format left, any other child the cheapest. A format with no recorded cost counts as costly as the
 * costliest recorded; with no costs at all, formats go out in the registry's order.
 */
export class FormatQueue {
  private readonly queue: RegistryEntry[][];
  /** What timing the formats each child holds will cost, by `costs` (fixed ones included). */
  private readonly loads: number[];
  private readonly costOf: (group: RegistryEntry[]) => number;

  /** `entries` of the run; `shards` children at most. */
  constructor(entries: RegistryEntry[], shards: number, costs: FormatCosts = new Map()) {
    const byFormat = new Map<string, RegistryEntry[]>();
    for (const e of entries) {
      if (e.generatesCode !== false) continue;
      byFormat.set(e.format, [...(byFormat.get(e.format) ?? []), e]);
    }
    const unknown = Math.max(0, ...costs.values());
    const cost = (format: string) => costs.get(format) ?? unknown;
    this.costOf = (group) => [...new Set(group.map((e) => e.format))].reduce((sum, f) => sum + cost(f), 0);
    // Array.prototype.sort is stable: equal costs (none recorded) keep the registry's order.
    this.queue = [...byFormat.values()].sort((a, b) => this.costOf(b) - this.costOf(a));
    const fixed = entries.filter((e) => e.generatesCode !== false);
    const formats = new Set(entries.map((e) => e.format)).size;
    this.fixed = shardEntries(fixed, Math.max(1, shards));
    // A child for every shard there are formats for, with or without formats fixed to it.
    while (this.fixed.length < Math.min(shards, formats)) this.fixed.push([]);
    this.loads = this.fixed.map(this.costOf);
  }

  /** The formats fixed to each child from the start (code generators); one array per child. */
  readonly fixed: RegistryEntry[][];

  /**
   * The next format (all its variants) for child `child` (an index of `fixed`), or undefined when
   * every format was handed out.
   */
  next(child = 0): RegistryEntry[] | undefined {
    const mine = this.loads[child] ?? 0;
    const lightest = this.loads.every((load, i) => i === child || mine <= load);
    const group = lightest ? this.queue.shift() : this.queue.pop();
    if (group) this.loads[child] = mine + this.costOf(group);
    return group;
  }

  get empty(): boolean {
    return this.queue.length === 0;
  }
}
