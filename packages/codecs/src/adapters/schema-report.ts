import type { EmittedSchema } from "@wirebench/schemas";
import type { PreparedCodec } from "./types.ts";

/** What a schema format reports beyond its bytes: the user's constructs it cannot carry, and renames. */
export function schemaReport(emitted: EmittedSchema): Pick<PreparedCodec, "limitations" | "renames"> {
  return { limitations: emitted.limitations, renames: emitted.renames };
}
