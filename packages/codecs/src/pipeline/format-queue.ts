import type { RegistryEntry } from "../registry/registry.ts";
import { shardEntries } from "./budget-shares.ts";

/**
 * The formats of the first replicate, handed to its shard children as they ask: a child that finished
 * a format asks for the next, so one slow format (YAML on a 2 MB document: seconds per call) holds
 * up only the child that has it, not a share of the formats fixed at the start. A format's variants
 * go together (they share code and a folder). Formats whose adapters run a compiler are split among
 * the children from the start instead, so their compilers start at once (and two children never
 * generate into one folder).
 */
export class FormatQueue {
  private readonly queue: RegistryEntry[][];

  /** `entries` of the run; `shards` children at most. */
  constructor(entries: RegistryEntry[], shards: number) {
    const byFormat = new Map<string, RegistryEntry[]>();
    for (const e of entries) {
      if (e.generatesCode !== false) continue;
      byFormat.set(e.format, [...(byFormat.get(e.format) ?? []), e]);
    }
    this.queue = [...byFormat.values()];
    const fixed = entries.filter((e) => e.generatesCode !== false);
    const formats = new Set(entries.map((e) => e.format)).size;
    this.fixed = shardEntries(fixed, Math.max(1, shards));
    // A child for every shard there are formats for, with or without formats fixed to it.
    while (this.fixed.length < Math.min(shards, formats)) this.fixed.push([]);
  }

  /** The formats fixed to each child from the start (code generators); one array per child. */
  readonly fixed: RegistryEntry[][];

  /** The next format (all its variants), or undefined when every format was handed out. */
  next(): RegistryEntry[] | undefined {
    return this.queue.shift();
  }

  get empty(): boolean {
    return this.queue.length === 0;
  }
}
