// The registry subpath, not the package index: the index also exports the measurement pipeline,
// whose child-process harness (tsx, esbuild) cannot be bundled and must not run in the web app.
import { registry } from "@wirebench/codecs/registry";

/** One registry entry as the format picker shows it: the id is what run creation accepts. */
export interface FormatChoice {
  id: string;
  format: string;
  variant: string;
}

export const formatChoices: FormatChoice[] = registry.map(({ id, format, variant }) => ({
  id,
  format,
  variant,
}));
