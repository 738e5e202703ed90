import { z } from "zod";

/**
 * One line of "where the bytes go": the bytes of every value at a field path, summed over the
 * dataset's messages (dotted field names in the data's own names, no array indexes: a map's values
 * are `map.*`, a scalar or list root is `(root)`), or one structural cost in parentheses: `(keys)`,
 * `(tags)`, `(lengths)`, `(structure)`, `(framing)`, `(padding)`, `(vtables)`, `(pointers)`, `(packing)`,
 * and
 * `(unattributed)` (with a `bytes-unattributed` limitation saying why) when the bytes could not be
 * walked. A format's entries add up exactly to its `bytes`. docs/attribution.md defines each one.
 */
export const attributionEntrySchema = z.object({
  path: z.string(),
  bytes: z.number().int().nonnegative(),
});
export type AttributionEntry = z.infer<typeof attributionEntrySchema>;
