import { type RegistryEntry, registry, selectEntries } from "@wirebench/codecs/registry";
import { AppError } from "../app-error.ts";

/**
 * The registry entries `names` pick; an unknown name is a 400 under `field` naming the choices, so a
 * typo is reported instead of silently watching or running nothing.
 */
export function checkFormatNames(names: string[], field: string): RegistryEntry[] {
  try {
    return selectEntries(registry, names);
  } catch (err) {
    throw new AppError("BAD_REQUEST", `${field}: ${(err as Error).message}`);
  }
}
