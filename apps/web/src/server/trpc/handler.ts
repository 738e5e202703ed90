import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { AppError } from "../app-error.ts";
import { limitedBody, tooLargeMessage } from "../http/read-body.ts";
import { requireJsonContentType } from "../http/require-json-content-type.ts";
import type { Services } from "../services/container.ts";
import { createContext } from "./init.ts";
import { appRouter } from "./root.ts";

/**
 * The request with its body capped at `maxBytes`, the same limit REST applies. Past the limit the
 * body stream errors with PAYLOAD_TOO_LARGE, which tRPC reports per call in its own error shape
 * (as its Node adapter does with maxBodySize); nothing past the limit is buffered.
 */
export function limitBody(req: Request, maxBytes: number): Request {
  const body = limitedBody(req, maxBytes, (size) => {
    const message = tooLargeMessage(size, maxBytes);
    return new TRPCError({
      code: "PAYLOAD_TOO_LARGE",
      message,
      cause: new AppError("PAYLOAD_TOO_LARGE", message),
    });
  });
  if (!body) return req;
  return new Request(req.url, {
    method: req.method,
    headers: req.headers,
    body,
    signal: req.signal,
    // Required by undici for a streamed request body.
    duplex: "half",
  } as RequestInit);
}

/** Serves /api/trpc: the browser's API, under the same input size limit as POST /api/v1/runs. */
export function handleTrpc(services: Services, req: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: limitBody(req, services.env.WIREBENCH_MAX_INPUT_BYTES),
    router: appRouter,
    createContext: () => {
      // Before tRPC reads the body; the only POSTs (mutations) create runs.
      if (req.method === "POST") {
        try {
          requireJsonContentType(req.headers);
        } catch (err) {
          const appError = err as AppError;
          throw new TRPCError({ code: "UNSUPPORTED_MEDIA_TYPE", message: appError.message, cause: appError });
        }
      }
      return createContext(services, req.headers);
    },
  });
}
