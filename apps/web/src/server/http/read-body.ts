import { AppError } from "../app-error.ts";

export const tooLargeMessage = (size: string, maxBytes: number) =>
  `Request body is ${size}; the limit is ${maxBytes} bytes (WIREBENCH_MAX_INPUT_BYTES).`;

/**
 * The request's body as a stream that errors with `tooLarge(size)` past `maxBytes`: at once on
 * Content-Length, or while streaming (a chunked upload declares no length), so an oversized upload
 * never sits whole in memory. REST reads it to a string; tRPC hands it on to its handler.
 */
export function limitedBody(
  req: Request,
  maxBytes: number,
  tooLarge: (size: string) => Error,
): ReadableStream<Uint8Array> | null {
  if (!req.body) return null;
  const declared = Number(req.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    void req.body.cancel().catch(() => {});
    const error = tooLarge(`${declared} bytes`);
    return new ReadableStream({ start: (controller) => controller.error(error) });
  }
  let total = 0;
  return req.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > maxBytes) controller.error(tooLarge(`over ${maxBytes} bytes`));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/** Reads a request body up to `maxBytes` as UTF-8 text; past the limit, PAYLOAD_TOO_LARGE. */
export async function readBodyLimited(req: Request, maxBytes: number): Promise<string> {
  const body = limitedBody(
    req,
    maxBytes,
    (size) => new AppError("PAYLOAD_TOO_LARGE", tooLargeMessage(size, maxBytes)),
  );
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("BAD_REQUEST", "Request body is not valid UTF-8.");
  }
}
