import { createRunRequestSchema, createRunResponseSchema, runViewSchema } from "@wirebench/contracts";
import type { Services } from "../services/container.ts";
import { createRun } from "../services/create-run.ts";
import { getRun } from "../services/get-run.ts";
import { admit } from "../services/rate-limit.ts";
import { readRunBody } from "../validation/validation-thread.ts";
import { readBodyLimited } from "./read-body.ts";
import { requireJsonContentType } from "./require-json-content-type.ts";
import { contractJson, handle, invalid } from "./respond.ts";

/** POST /api/v1/runs → 202 {id, url, status}. */
export function postRun(services: Services, req: Request): Promise<Response> {
  return handle(async () => {
    requireJsonContentType(req.headers);
    const caller = await admit(services, req.headers, "create");
    const text = await readBodyLimited(req, services.env.WIREBENCH_MAX_INPUT_BYTES);
    // A large body is read on a validation thread: lossless parsing takes about a second per 3 MB.
    const maxDepth = services.env.WIREBENCH_MAX_DEPTH;
    const { fields, sampleText } =
      text.length <= services.env.WIREBENCH_VALIDATE_INLINE_CHARS
        ? readRunBody(text, maxDepth)
        : await services.validation.readBody(text, maxDepth);
    const parsed = createRunRequestSchema.safeParse(
      sampleText === undefined ? fields : { ...fields, sample: sampleText },
    );
    if (!parsed.success) throw invalid("request", parsed.error);
    const created = await createRun(services, caller, parsed.data, sampleText);
    return contractJson(createRunResponseSchema, created, 202, { location: `/api/v1/runs/${created.id}` });
  });
}

/**
 * GET /api/v1/runs/{id}: status, progress and results. Clients poll it; the ETag changes only when
 * something visible changed, so an unchanged poll costs a 304 with no body.
 */
export function getRunResponse(services: Services, req: Request, id: string): Promise<Response> {
  return handle(async () => {
    await admit(services, req.headers, "read");
    const { version, ...run } = await getRun(services, id);
    const etag = `W/"${version}"`;
    if (req.headers.get("if-none-match") === etag)
      return new Response(null, { status: 304, headers: { etag } });
    return contractJson(runViewSchema, run, 200, { etag, "cache-control": "no-cache" });
  });
}
