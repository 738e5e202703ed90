import type { Artifact } from "@wirebench/contracts";

/** Default of RunOptions.maxArtifactBytes: what one format's schema and generated code may keep. */
export const defaultMaxArtifactBytes = 256 * 1024;

/**
 * Keeps a format's artifacts (emitted schema, generated code) within `maxBytes` of UTF-8 text in all,
 * in order: the one that crosses the budget is cut with a marker saying so, the ones after it are
 * left out, and the note names them and the limit. They are stored with the result and shipped on
 * every poll of the run page, so a schema with thousands of types must not make them megabytes.
 */
export function capArtifacts(
  artifacts: Artifact[],
  maxBytes: number,
): { artifacts: Artifact[]; note?: string } {
  const kept: Artifact[] = [];
  const dropped: string[] = [];
  let left = maxBytes;
  for (const a of artifacts) {
    const bytes = Buffer.byteLength(a.text, "utf8");
    if (bytes <= left) {
      kept.push(a);
      left -= bytes;
    } else if (left > 0 && dropped.length === 0) {
      // Cut on a character boundary: a partial UTF-8 sequence at the end decodes to U+FFFD, dropped.
      const head = Buffer.from(a.text, "utf8")
        .subarray(0, left)
        .toString("utf8")
        .replace(/\uFFFD+$/, "");
      kept.push({
        ...a,
        text: `${head}\n… cut here: ${bytes - Buffer.byteLength(head)} more bytes (limit maxArtifactBytes)`,
      });
      left = 0;
      dropped.push(`${a.name} (cut)`);
    } else dropped.push(a.name);
  }
  if (dropped.length === 0) return { artifacts: kept };
  return {
    artifacts: kept,
    note: `schema and generated code are kept up to ${maxBytes} bytes per format (maxArtifactBytes): ${dropped.join(", ")} not kept whole`,
  };
}
