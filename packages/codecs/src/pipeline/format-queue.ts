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
 *
 * A later replicate's children only load and prepare (nothing to verify), so the formats are all
 * handed out within a fraction of a second, to whichever child asks most often, and a child can
 * start long after its sibling (it waits for a core the first replicate frees: up to 0.9 s on the
 * Video sample). One child then warmed up 4.4 CPU-s of formats while its sibling had 1 s. With
 * `holdAtShare` (later replicates), a child that holds its share (the costs over the children, or
 * the formats when none are recorded) gets nothing more, once, while a sibling holds less: it goes
 * on with what it has, and the sibling takes the rest. Refused only once, a child started again
 * (its sibling never came) drains the queue. The first replicate has no such rule: its children
 * verify, and a child stopped at its share would leave sizes waiting for a sibling's slow format.
 */
export class FormatQueue {
  /** The formats not fixed to a child, in the registry's order, and as they are handed out. */
  private readonly inOrder: RegistryEntry[][];
  private queue: RegistryEntry[][] = [];
  /** What timing the formats each child holds will cost, by `costs` (fixed ones included). */
  private loads: number[] = [];
  private costOf: (group: RegistryEntry[]) => number = () => 0;
  /** What each child holds by the share rule's measure (the costs, or formats), and that share. */
  private held: number[] = [];
  private share = 0;
  private weigh: (group: RegistryEntry[]) => number = () => 0;
  private readonly asked = new Set<number>();
  private readonly refused = new Set<number>();

  /** `entries` of the run; `shards` children at most. */
  constructor(
    entries: RegistryEntry[],
    shards: number,
    costs: FormatCosts = new Map(),
    private readonly holdAtShare = false,
  ) {
    const byFormat = new Map<string, RegistryEntry[]>();
    for (const e of entries) {
      if (e.generatesCode !== false) continue;
      byFormat.set(e.format, [...(byFormat.get(e.format) ?? []), e]);
    }
    this.inOrder = [...byFormat.values()];
    const fixed = entries.filter((e) => e.generatesCode !== false);
    const formats = new Set(entries.map((e) => e.format)).size;
    this.fixed = shardEntries(fixed, Math.max(1, shards));
    // A child for every shard there are formats for, with or without formats fixed to it.
    while (this.fixed.length < Math.min(shards, formats)) this.fixed.push([]);
    this.price(costs);
  }

  /**
   * Orders the formats by `costs` (replacing those given before) until the first is handed out: a
   * later replicate's queue is priced by what warming each format up took in the first (WarmupClock).
   */
  price(costs: FormatCosts): void {
    if (this.asked.size > 0) return;
    const unknown = Math.max(0, ...costs.values());
    const cost = (format: string) => costs.get(format) ?? unknown;
    this.costOf = (group) => [...new Set(group.map((e) => e.format))].reduce((sum, f) => sum + cost(f), 0);
    // Array.prototype.sort is stable: equal costs (none recorded) keep the registry's order.
    this.queue = [...this.inOrder].sort((a, b) => this.costOf(b) - this.costOf(a));
    this.loads = this.fixed.map(this.costOf);
    const formatsIn = (group: RegistryEntry[]) => new Set(group.map((e) => e.format)).size;
    this.weigh = costs.size > 0 ? this.costOf : formatsIn;
    this.held = this.fixed.map(this.weigh);
    const total = [...this.held, ...this.queue.map(this.weigh)].reduce((a, b) => a + b, 0);
    this.share = total / Math.max(1, this.fixed.length);
  }

  /** The formats fixed to each child from the start (code generators); one array per child. */
  readonly fixed: RegistryEntry[][];

  /**
   * The next format (all its variants) for child `child` (an index of `fixed`), or undefined when
   * every format was handed out or (`holdAtShare`, once) when the child holds its share and a
   * sibling less.
   */
  next(child = 0): RegistryEntry[] | undefined {
    this.asked.add(child);
    const mineHeld = this.held[child] ?? 0;
    const siblingBelow = this.held.some((h, i) => i !== child && h < this.share);
    if (this.holdAtShare && siblingBelow && !this.refused.has(child) && mineHeld >= this.share) {
      this.refused.add(child);
      return undefined;
    }
    const mine = this.loads[child] ?? 0;
    const lightest = this.loads.every((load, i) => i === child || mine <= load);
    const group = lightest ? this.queue.shift() : this.queue.pop();
    if (group) {
      this.loads[child] = mine + this.costOf(group);
      this.held[child] = (this.held[child] ?? 0) + this.weigh(group);
    }
    return group;
  }

  get empty(): boolean {
    return this.queue.length === 0;
  }
}
