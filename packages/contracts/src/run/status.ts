import { z } from "zod";
import { formatStages, runStatuses } from "../steps.ts";

export const runStatusSchema = z.enum(runStatuses).meta({ id: "RunStatus" });
export const formatStageSchema = z.enum(formatStages).meta({ id: "FormatStage" });

/** Stage of each format variant (by registry id) while the run goes on. */
export const progressSchema = z
  .record(z.string(), formatStageSchema)
  .describe("Stage of each format variant (by registry id) while the run goes on.");
export type Progress = z.infer<typeof progressSchema>;
