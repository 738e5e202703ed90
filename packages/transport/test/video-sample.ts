import { readFileSync } from "node:fs";
import { loadDataset } from "@wirebench/schemas";

/** The C# study's Video model, two records (the conformance corpus's copy). */
export const videoText = readFileSync(
  new URL("../../conformance/data/models/video.ndjson", import.meta.url),
  "utf8",
);
export const videoDataset = () => loadDataset({ text: videoText, sampleFormat: "ndjson" });

/** Few messages and short links: transport tests check what is measured, not how fast. */
export const smallRun = { messages: 6, warmupMessages: 2 };

/** Stream keys of one test, so tests never read each other's messages. */
export const streamPrefix = (label: string) =>
  `wirebench:test:transport:${label}:${process.pid}:${Date.now()}`;
