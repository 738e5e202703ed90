import { z } from "zod";
import { fidelityKinds, fidelitySeverities } from "./read-result.ts";

export const fidelityIssueSchema = z.object({
  /** JSON-Pointer-like path into the message, prefixed by the message index for datasets of several messages. */
  path: z.string(),
  kind: z.enum(fidelityKinds),
  /** Always written now; absent in results stored before it existed (then `severityOf(kind)`). */
  severity: z
    .enum(fidelitySeverities)
    .optional()
    .describe(
      "lossy: a value, type or field changed; cosmetic: the same values presented otherwise (key-order, number-type, number-spelling). Absent in results stored before severities; then the kind decides.",
    ),
  detail: z.string(),
});
export type FidelityIssue = z.infer<typeof fidelityIssueSchema>;

export const fidelitySchema = z.object({
  /** No lossy issue: every value came back (cosmetic issues such as key order may remain). */
  exact: z
    .boolean()
    .describe("True when no lossy issue was found (cosmetic issues such as key order may remain)."),
  /** Lossy issues first, then cosmetic ones, each in the order found, up to the report's cap. */
  issues: z.array(fidelityIssueSchema),
  /** Issues found in total; `issues` keeps the first ones only. */
  issueCount: z.number().int().optional(),
  /** Lossy issues found in total (absent in results stored before severities existed). */
  lossyCount: z.number().int().optional().describe("Lossy issues found in total."),
});
export type Fidelity = z.infer<typeof fidelitySchema>;
