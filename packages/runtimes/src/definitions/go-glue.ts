import { writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";

/**
 * Writes `<outDir>/<pkg>/root.go`, the small package through which generated Go code registers its
 * root type with the child's adapters (the child blank-imports it; see go.ts), and returns its
 * import path. Each IDL's generator gives what differs: its imports and its `init` body.
 */
export async function writeGoGlue(
  outDir: string,
  module: string,
  glue: { pkg: string; writtenBy: string; imports: string[]; comment?: string; init: string },
): Promise<string> {
  await mkdir(join(outDir, glue.pkg), { recursive: true });
  const comment = glue.comment ? `// ${glue.comment}\n` : "";
  writeFileSync(
    join(outDir, glue.pkg, "root.go"),
    `// Written by Wirebench (src/definitions/${glue.writtenBy}).
package ${glue.pkg}

import (
${glue.imports.map((i) => (i ? `\t${i}` : "")).join("\n")}
)

${comment}func init() {
${glue.init}
}
`,
  );
  return `${module}/${glue.pkg}`;
}
