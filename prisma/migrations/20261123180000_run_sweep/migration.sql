-- A run that asked for a size sweep (options.sweep) keeps its points beside the regular result.
ALTER TABLE "runs" ADD COLUMN "sweep" JSONB;
