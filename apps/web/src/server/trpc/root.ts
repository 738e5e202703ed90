import { router } from "./init.ts";
import { runsRouter } from "./routers/runs.ts";

export const appRouter = router({ runs: runsRouter });
export type AppRouter = typeof appRouter;
