import type { RuntimeId } from "@wirebench/contracts";
import { goFormats } from "../definitions/go-formats.ts";
import { javaFormats } from "../definitions/java-formats.ts";
import { pythonFormats } from "../definitions/python-formats.ts";
import { rustFormats } from "../definitions/rust-formats.ts";
import type { RuntimeFormatDefinition } from "../runtime-definition.ts";

export interface RuntimeFormats {
  runtime: Exclude<RuntimeId, "node">;
  formats: readonly RuntimeFormatDefinition[];
}

/**
 * Every runtime other than Node and the formats it measures, in `--runtimes` order: the very lists
 * the definitions (definitions/index.ts) measure, without loading them, so the web app can check a
 * run's format names.
 */
export const runtimeFormatCatalogue: readonly RuntimeFormats[] = [
  { runtime: "python", formats: pythonFormats },
  { runtime: "go", formats: goFormats },
  { runtime: "java", formats: javaFormats },
  { runtime: "rust", formats: rustFormats },
];

/**
 * Whether a `--formats` name picks a runtime's format: its family (`protobuf`), its implementation
 * (`vtprotobuf`) or its id (`vtprotobuf@go`), in any case.
 */
export function picksRuntimeFormat(
  name: string,
  runtime: string,
  f: Pick<RuntimeFormatDefinition, "format" | "impl">,
): boolean {
  const n = name.trim().toLowerCase();
  return n === f.format || n === f.impl || n === `${f.impl}@${runtime}`;
}
