import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * Bare packages a bundled module loads as it starts: its static imports and top-level `await
 * import()`s (the entry's way to the child's main), following its own chunks; not the `() =>
 * import()` of an adapter, which runs when its format is prepared.
 */
export function staticPackages(file: string, seen = new Set<string>(), out = new Set<string>()): Set<string> {
  if (seen.has(file)) return out;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  for (const m of text.matchAll(
    /^(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"|^import\s+"([^"]+)"|^await import\("([^"]+)"\)/gms,
  )) {
    const spec = (m[1] ?? m[2] ?? m[3]) as string;
    if (spec.startsWith("./")) staticPackages(join(dirname(file), spec), seen, out);
    else if (!spec.startsWith("node:")) out.add(spec);
  }
  return out;
}
