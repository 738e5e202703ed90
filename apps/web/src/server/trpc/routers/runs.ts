import {
  createRunInputSchema,
  createRunResponseSchema,
  runListItemSchema,
  runViewSchema,
} from "@wirebench/contracts";
import { z } from "zod";
import { AppError } from "../../app-error.ts";
import { nestsDeeperThan, sampleTextOf } from "../../http/parse-json-body.ts";
import { createRun } from "../../services/create-run.ts";
import { getRun } from "../../services/get-run.ts";
import { listRuns } from "../../services/list-runs.ts";
import { publicProcedure, router } from "../init.ts";

/** The browser's API: the same services as REST, so both behave the same way. */
export const runsRouter = router({
  create: publicProcedure
    .input(createRunInputSchema)
    .output(createRunResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const caller = await ctx.admit("create");
      const { sampleText, ...req } = input;
      // REST checks this on the request text before parsing; tRPC has parsed it already.
      const maxDepth = ctx.services.env.WIREBENCH_MAX_DEPTH;
      if (nestsDeeperThan(req.sample, maxDepth))
        throw new AppError(
          "BAD_REQUEST",
          `sample: nesting deeper than ${maxDepth} levels (WIREBENCH_MAX_DEPTH).`,
        );
      return createRun(ctx.services, caller, req, sampleText ?? sampleTextOf(req.sample));
    }),
  get: publicProcedure
    .input(z.object({ id: z.string().min(1).max(64) }))
    .output(runViewSchema)
    .query(async ({ ctx, input }) => {
      await ctx.admit("read");
      // The ETag version is for REST polling; the page's client polls through tRPC without it.
      const { version: _version, ...run } = await getRun(ctx.services, input.id);
      return run;
    }),
  list: publicProcedure
    .input(z.object({ branch: z.string().optional(), limit: z.number().int().min(1).max(100).default(20) }))
    .output(z.array(runListItemSchema))
    .query(async ({ ctx, input }) => listRuns(ctx.services, await ctx.admit("read"), input)),
});
