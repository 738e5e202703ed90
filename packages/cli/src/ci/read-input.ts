import { readFileSync } from "node:fs";

// What a sample or schema file is comes from the detector the upload form and the run API use.
export { sampleFormatOf, schemaKindOf } from "@wirebench/schemas/detect";

export function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    throw new Error(`cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}
