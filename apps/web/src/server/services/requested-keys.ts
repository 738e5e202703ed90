import { matchEntries, registry } from "@wirebench/codecs/registry";
import { picksRuntimeFormat } from "@wirebench/runtimes/formats";

/**
 * The entry keys a run asked for (`formats` of POST /api/v1/runs), or undefined for all: Node's
 * registry ids a name picks, and the baseline's entries of other runtimes (`impl@runtime`) it picks
 * the way `--formats` does (picksRuntimeFormat), so a baseline's colfer@go counts as missing from a
 * run that asked for colfer. Names nothing knows any more (older rows) leave the run asking for all.
 */
export function requestedKeys(
  names: string[],
  baseline: readonly { id?: string | null; format: string }[],
): Set<string> | undefined {
  if (names.length === 0) return undefined;
  const keys = new Set(names.flatMap((n) => matchEntries(registry, n).map((e) => e.id)));
  for (const e of baseline) {
    const [impl, runtime] = e.id?.split("@") ?? [];
    if (
      e.id &&
      impl &&
      runtime &&
      names.some((n) => picksRuntimeFormat(n, runtime, { format: e.format, impl }))
    )
      keys.add(e.id);
  }
  return keys.size > 0 ? keys : undefined;
}
