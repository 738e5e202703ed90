import { JsonInputError, parseJsonLossless } from "../src/parse/parse-json-lossless.ts";

/** The JsonInputError `f` throws (anything else is rethrown). */
export function thrown(f: () => unknown): JsonInputError {
  try {
    f();
  } catch (err) {
    if (err instanceof JsonInputError) return err;
    throw err;
  }
  throw new Error("did not throw");
}

/** The whole-text parser's error: what the streaming reader's must equal. */
export const wholeText = (text: string) => thrown(() => parseJsonLossless(text));

/** The JsonInputError `p` rejects with. */
export async function rejected(p: Promise<unknown>): Promise<JsonInputError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof JsonInputError) return err;
    throw err;
  }
  throw new Error("did not reject");
}
