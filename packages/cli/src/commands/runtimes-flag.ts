import { type RuntimeId, runtimeIds } from "@wirebench/contracts";
import { InvalidArgumentError } from "commander";

// Apart from compare-runtimes.ts, which loads the runtimes package (its definitions hash the Go and
// Rust children's sources when loaded): a comparison without --runtimes never loads it.
/** `--runtimes node,python,go,java,rust`: known names only, each once; a clear error otherwise. */
export function parseRuntimes(value: string): RuntimeId[] {
  const names = value
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) throw new InvalidArgumentError("--runtimes needs at least one runtime");
  for (const n of names)
    if (!(runtimeIds as readonly string[]).includes(n))
      throw new InvalidArgumentError(`unknown runtime "${n}"; one of ${runtimeIds.join(", ")}`);
  return [...new Set(names)] as RuntimeId[];
}
