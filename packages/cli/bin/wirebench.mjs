#!/usr/bin/env node
// The CLI is TypeScript run through tsx, so the repo needs no build step before `npx wirebench`.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/main.ts");
process.exitCode = await main(process.argv.slice(2));
