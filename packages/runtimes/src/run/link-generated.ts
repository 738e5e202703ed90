import type { RuntimeDefinition } from "../runtime-definition.ts";
import type { FormatSlot } from "./format-slot.ts";

/** The generated folders of these slots, once each: what `link` and `command` take. */
export const generatedDirsOf = (slots: FormatSlot[]): string[] => [
  ...new Set(slots.flatMap((s) => (s.generatedDir ? [s.generatedDir] : []))),
];

/** The runtime's `link` over the generated folders of the formats still standing; its failure is theirs. */
export async function linkGenerated(
  def: RuntimeDefinition,
  slots: FormatSlot[],
  signal?: AbortSignal,
): Promise<void> {
  const standing = slots.filter((s) => !s.error);
  const dirs = generatedDirsOf(standing);
  if (!def.link || dirs.length === 0) return;
  try {
    await def.link(dirs, signal ?? new AbortController().signal);
  } catch (err) {
    for (const s of standing)
      if (s.generatedDir) s.error = `code generation failed: ${(err as Error).message}`;
  }
}
