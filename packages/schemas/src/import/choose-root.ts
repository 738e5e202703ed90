import { SchemaImportError } from "./schema-import-error.ts";

export interface RootCandidate {
  /** The name a user gives with `--root` (the short name, or the dotted full name). */
  names: string[];
  /** Full names of the types this one uses. */
  uses: string[];
  fullName: string;
}

/**
 * The root type of an imported schema: the one named (by short or full name), else the schema's own
 * declaration (FlatBuffers `root_type`), else the first one no other type uses. `what` names the
 * schema kind and its word for a record ("struct", "table") in the error that lists the choices.
 */
export function chooseRoot(
  candidates: RootCandidate[],
  what: { idl: string; noun: string },
  rootType?: string,
  declared?: string,
): RootCandidate {
  if (candidates.length === 0) throw new SchemaImportError(`${what.idl} defines no ${what.noun}`);
  if (rootType !== undefined) {
    const hit = candidates.find((c) => c.fullName === rootType || c.names.includes(rootType));
    if (hit) return hit;
    const choices = candidates.map((c) => c.fullName).join(", ");
    throw new SchemaImportError(`${what.idl} has no ${what.noun} named ${rootType}; choose from ${choices}`);
  }
  const own = declared && candidates.find((c) => c.fullName === declared);
  if (own) return own;
  const used = new Set(candidates.flatMap((c) => c.uses));
  return candidates.find((c) => !used.has(c.fullName)) ?? candidates[0]!;
}
