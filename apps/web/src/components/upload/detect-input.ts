import type { SampleFormat } from "@wirebench/schemas/detect";

// What a dropped file is comes from the one detector the CLI and the run API use too.
export { detectInput, type SchemaKind, schemaHasRoots } from "@wirebench/schemas/detect";

/** The problem with a sample before it is sent, or null; the server checks again with exact numbers. */
export function checkSample(text: string, sampleFormat: SampleFormat, hasSchema: boolean): string | null {
  if (!text.trim()) return hasSchema ? null : "Paste a JSON sample, drop a file or pick a preset.";
  const docs =
    sampleFormat === "ndjson" ? text.split("\n").map((l, i) => [l, i + 1] as const) : [[text, 0] as const];
  for (const [doc, line] of docs) {
    if (!doc.trim()) continue;
    try {
      JSON.parse(doc);
    } catch (err) {
      return `${line ? `Line ${line}: ` : ""}not valid JSON: ${(err as Error).message}`;
    }
  }
  return null;
}
