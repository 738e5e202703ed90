#!/usr/bin/env node
// The CLI is TypeScript, so the repo needs no build step before `npx wirebench`: a run starts from a
// bundle of it kept in the cache dir (see cli-bundle.mjs), and only when that is missing or stale
// loads the TypeScript loader (tsx), builds the bundle for this run and the next ones, and falls back
// to the sources if building fails. Loading the sources under tsx took about 1.2 s before any work.
import { pathToFileURL } from "node:url";
import { cliBundleRoot, freshCliBundle } from "./cli-bundle.mjs";

const root = cliBundleRoot();
let entry = root && freshCliBundle(root);
if (!entry) {
  const { register } = await import("tsx/esm/api");
  register();
  if (root) {
    const { buildCliBundle } = await import("../src/bundle/build-cli-bundle.ts");
    entry = await buildCliBundle(root).catch(() => undefined);
  }
}
const { main } = await import(entry ? pathToFileURL(entry).href : "../src/main.ts");
process.exitCode = await main(process.argv.slice(2));
