import { registry, selectEntries } from "@wirebench/codecs";

/**
 * `--formats cbor` selects cbor-x's default variant, whose padded headers no other runtime writes:
 * with other runtimes, Node also measures the minimal variant of each selected one, the reference of
 * "same bytes in every runtime?" (crossRuntimeBytes).
 */
export function withMinimalVariants(formats: string[]): string[] {
  const minimal = selectEntries(registry, formats).flatMap((e) =>
    e.minimalVariant ? [e.minimalVariant] : [],
  );
  return [...new Set([...formats, ...minimal])];
}
