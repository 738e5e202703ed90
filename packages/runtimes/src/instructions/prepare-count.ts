import { join } from "node:path";
import type { Dataset } from "@wirebench/schemas";
import { prepareGenerated } from "../generated-cache.ts";
import { shapeInput } from "../inputs/shaped-input.ts";
import { type FormatSlot, newSlot } from "../run/format-slot.ts";
import type { RuntimeDefinition } from "../runtime-definition.ts";

/**
 * The slots of the formats to count, with their inputs and generated code: the same files the timed
 * run used (each shape written again from the dataset, generated code from the cache by schema
 * hash, so nothing compiles twice). A format that cannot be prepared carries its error.
 */
export async function prepareCountSlots(
  def: RuntimeDefinition,
  ids: string[],
  dataset: Dataset,
  workDir: string,
  cacheDir: string,
  signal?: AbortSignal,
): Promise<FormatSlot[]> {
  const slots = def.formats.map((f) => newSlot(f, def.id)).filter((s) => ids.includes(s.id));
  const shapes = new Map<string, Awaited<ReturnType<typeof shapeInput>>>();
  for (const s of slots) {
    try {
      const shape = s.def.input;
      if (!shapes.has(shape))
        shapes.set(shape, await shapeInput(dataset, shape, join(workDir, `input-${shape}`)));
      s.input = shapes.get(shape);
      const schema = s.input?.schema;
      if (schema) {
        const dir = await prepareGenerated(def, schema, { cacheDir, ...(signal ? { signal } : {}) });
        if (dir) s.generatedDir = dir;
      }
    } catch (err) {
      s.error = `could not prepare it for counting: ${(err as Error).message}`;
    }
  }
  return slots;
}
