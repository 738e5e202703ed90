import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { AppError } from "../app-error.ts";
import type { Services } from "../services/container.ts";
import { createContext } from "./init.ts";
import { appRouter } from "./root.ts";

function tooLarge(size: string, maxBytes: number): TRPCError {
  const message = `Request body is ${size}; the limit is ${maxBytes} bytes (WIREBENCH_MAX_INPUT_BYTES).`;
  return new TRPCError({
    code: "PAYLOAD_TOO_LARGE",
    message,
    cause: new AppError("PAYLOAD_TOO_LARGE", message),
  });
}

/**
 * The request with its body capped at `maxBytes`, the same limit REST applies. Past the limit the
 * body stream errors with PAYLOAD_TOO_LARGE, which tRPC reports per call in its own error shape
 * (as its Node adapter does with maxBodySize); nothing past the limit is buffered.
 */
export function limitBody(req: Request, maxBytes: number): Request {
  if (!req.body) return req;
  const declared = Number(req.headers.get("content-length") ?? Number.NaN);
  let body: ReadableStream<Uint8Array>;
  if (Number.isFinite(declared) && declared > maxBytes) {
    void req.body.cancel().catch(() => {});
    const error = tooLarge(`${declared} bytes`, maxBytes);
    body = new ReadableStream({ start: (controller) => controller.error(error) });
  } else {
    // A chunked upload declares no length, so the count is kept while streaming.
    let total = 0;
    body = req.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          total += chunk.byteLength;
          if (total > maxBytes) controller.error(tooLarge(`over ${maxBytes} bytes`, maxBytes));
          else controller.enqueue(chunk);
        },
      }),
    );
  }
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
    createContext: () => createContext(services, req.headers),
  });
}
