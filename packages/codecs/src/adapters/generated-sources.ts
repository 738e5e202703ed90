import { readFileSync } from "node:fs";
import { join } from "node:path";
import { listFiles } from "../codegen/transpile-generated.ts";
import type { PreparedCodec } from "./types.ts";

/** The TypeScript a compiler wrote under `<workDir>/gen-ts`, as the run's generated-code artifacts. */
export function generatedSources(workDir: string): NonNullable<PreparedCodec["artifacts"]> {
  const src = join(workDir, "gen-ts");
  return listFiles(src, ".ts").map((f) => ({
    name: `gen-ts/${f}`,
    kind: "generated" as const,
    text: readFileSync(join(src, f), "utf8"),
  }));
}
