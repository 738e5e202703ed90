import { AppError } from "../app-error.ts";

/**
 * Reads a request body up to `maxBytes`, refusing early on Content-Length and while streaming
 * (a chunked upload has no length), so an oversized upload never sits whole in memory.
 */
export async function readBodyLimited(req: Request, maxBytes: number): Promise<string> {
  const tooLarge = (size: string) =>
    new AppError(
      "PAYLOAD_TOO_LARGE",
      `Request body is ${size}; the limit is ${maxBytes} bytes (WIREBENCH_MAX_INPUT_BYTES).`,
    );
  const declared = Number(req.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(`${declared} bytes`);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge(`over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("BAD_REQUEST", "Request body is not valid UTF-8.");
  }
}
