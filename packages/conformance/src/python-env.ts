import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The reference encoders' script (Python, run in the project's own virtual environment). */
export const referenceScript = join(packageDir, "reference", "encode_reference.py");

/**
 * Python of the virtual environment `npm run setup` creates (scripts/lib.mjs ensurePythonReferences);
 * CONFORMANCE_PYTHON overrides it.
 */
export function pythonPath(): string {
  const configured = process.env.CONFORMANCE_PYTHON;
  if (configured) return configured;
  const venv = join(packageDir, "..", "..", ".wirebench", "pyenv", "bin", "python");
  if (!existsSync(venv))
    throw new Error(`the reference encoders' Python environment is missing (${venv}): run \`npm run setup\``);
  return venv;
}
