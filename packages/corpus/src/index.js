// Plain JavaScript (typed by index.d.ts) so Next.js can leave this package unbundled and the data
// folder stays where import.meta.url says it is.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// Not `new URL("../data/", import.meta.url)`: bundlers treat that as an asset import.
export const corpusDir = `${join(dirname(fileURLToPath(import.meta.url)), "..", "data")}/`;

export const corpusDocuments = ["twitter.json", "citm_catalog.json", "canada.json"];

export function corpusPath(name) {
  return `${corpusDir}${name}`;
}

export function readCorpus(name) {
  return readFileSync(corpusPath(name), "utf8");
}

export function jsonCheckerCases() {
  const dir = `${corpusDir}jsonchecker/`;
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((name) => ({ name, path: dir + name, valid: name.startsWith("pass") || name.includes("EXCLUDE") }));
}
