import { defaultFirstMessageMaxBytes, type FirstMessage } from "@wirebench/contracts";

/** An entry's `firstMessage`: the first encoded message, cut at the contract's cap; none without messages. */
export function firstMessageOf(encoded: Uint8Array[]): FirstMessage | undefined {
  const first = encoded[0];
  if (!first) return undefined;
  const cap = defaultFirstMessageMaxBytes;
  return {
    base64: Buffer.from(first.subarray(0, cap)).toString("base64"),
    bytes: first.byteLength,
    truncated: first.byteLength > cap,
  };
}
