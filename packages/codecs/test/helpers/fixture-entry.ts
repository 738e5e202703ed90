import type { RegistryEntry } from "../../src/index.ts";

/** A registry entry for an adapter exported by a file in test/fixtures (loaded by the child). */
export function fixtureEntry(file: string, id: string, exportName: string): RegistryEntry {
  const module = new URL(`../fixtures/${file}`, import.meta.url).href;
  return { id, format: id, variant: "test", library: "node", module, exportName, schema: false };
}
