import { formatChoices, matchEntries, registry } from "@wirebench/codecs/registry";
import type { RuntimeId } from "@wirebench/contracts";
import { picksRuntimeFormat, runtimeFormatCatalogue } from "./catalogue.ts";

/** How the caller spells its settings, so an error says what to change. */
export interface FormatOptionNames {
  formats: string;
  runtimes: string;
  /** The runtimes setting with a list, as a user writes it. */
  runtimesValue(list: string[]): string;
}

export const cliOptionNames: FormatOptionNames = {
  formats: "--formats",
  runtimes: "--runtimes",
  runtimesValue: (list) => `--runtimes ${list.join(",")}`,
};

export const apiOptionNames: FormatOptionNames = {
  formats: "formats",
  runtimes: "options.runtimes",
  runtimesValue: (list) => `"runtimes": ${JSON.stringify(list)}`,
};

export interface FormatPlan {
  /**
   * What Node measures (or only verifies, as the byte reference, when Node was not asked for):
   * registry ids, with the minimal variant of a padded library default beside it when other runtimes
   * compare bytes with it. Undefined: every format; empty: none (every name is another runtime's).
   */
  node?: string[];
  /** The names the other runtimes pick their formats by (picksRuntimeFormat); undefined: all. */
  runtimes?: string[];
}

/**
 * Decides, for a run's format names and runtimes, what Node and the other runtimes measure: a name
 * is accepted when Node or an asked-for runtime has it; Node measures the ones it has (perhaps none)
 * and each other runtime the ones it has. A name only a runtime not asked for has is an error naming
 * that runtime; a name none has is an error naming the choices and the runtimes searched.
 * `runtimes` undefined: Node alone, as without `--runtimes`.
 */
export function planFormats(
  names: string[] | undefined,
  runtimes: readonly RuntimeId[] | undefined,
  spelling: FormatOptionNames,
): FormatPlan {
  if (!names) return {};
  const asked = names.map((n) => n.trim()).filter(Boolean);
  if (asked.length === 0) throw new Error(`no format named; leave ${spelling.formats} out to run them all.`);
  const searched: RuntimeId[] = runtimes ? [...new Set(runtimes)] : ["node"];
  const node = new Set<string>();
  for (const name of asked) {
    const nodeHits = matchEntries(registry, name);
    for (const e of nodeHits) node.add(e.id);
    const holders = [
      ...(nodeHits.length > 0 ? (["node"] as const) : []),
      ...runtimeFormatCatalogue
        .filter((r) => r.formats.some((f) => picksRuntimeFormat(name, r.runtime, f)))
        .map((r) => r.runtime),
    ];
    if (holders.some((r) => searched.includes(r))) continue;
    if (holders.length > 0) throw new Error(notAskedFor(name, holders, searched, spelling));
    throw new Error(unknownFormat(name, searched));
  }
  // Other runtimes compare their bytes with Node's minimal variants (crossRuntimeBytes).
  const minimal = runtimes
    ? registry.flatMap((e) => (node.has(e.id) && e.minimalVariant ? [e.minimalVariant] : []))
    : [];
  const ids = new Set([...node, ...minimal]);
  return {
    node: registry.filter((e) => ids.has(e.id)).map((e) => e.id),
    ...(runtimes ? { runtimes: asked } : {}),
  };
}

/**
 * A run's `formats` and `options.runtimes` (POST /api/v1/runs), the same for the web's check and the
 * worker: no formats (or an empty list) means all, and the worker always measures in Node.
 */
export function planRunFormats(
  formats: string[] | undefined,
  runtimes: readonly RuntimeId[] | undefined,
): FormatPlan {
  return planFormats(
    formats?.length ? formats : undefined,
    runtimes ? ["node", ...runtimes] : undefined,
    apiOptionNames,
  );
}

/** `"colfer" is measured in go, not in node: add go to the runtimes, as in --runtimes node,go`. */
function notAskedFor(
  name: string,
  holders: RuntimeId[],
  searched: RuntimeId[],
  spelling: FormatOptionNames,
): string {
  const first = holders[0] as RuntimeId;
  return (
    `format "${name}" is measured in ${holders.join(" and ")}, not in ${searched.join(", ")}: ` +
    `add ${holders.join(" or ")} to ${spelling.runtimes}, as in ${spelling.runtimesValue([...searched, first])}`
  );
}

/** The existing "choose from" list of Node's names, then each searched runtime's own names. */
function unknownFormat(name: string, searched: RuntimeId[]): string {
  const nodeChoices = formatChoices(registry);
  const known = new Set(nodeChoices);
  const lists = searched.includes("node") ? [nodeChoices.join(", ")] : [];
  for (const r of runtimeFormatCatalogue) {
    if (!searched.includes(r.runtime)) continue;
    const own = r.formats.flatMap((f) => [f.format, f.impl, `${f.impl}@${r.runtime}`]);
    lists.push(`${r.runtime}: ${[...new Set(own)].filter((c) => !known.has(c)).join(", ")}`);
  }
  return `unknown format "${name}"; choose from ${lists.join("; ")} (searched ${searched.join(", ")})`;
}
