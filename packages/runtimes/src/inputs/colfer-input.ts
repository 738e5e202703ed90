import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { IdlValueMapper, normalizeInt } from "@wirebench/codecs/runtime-bridge";
import { type Dataset, type DataValue, emitColfer } from "@wirebench/schemas";
import { stringifyLossless } from "./lossless-json.ts";
import type { ShapedInput } from "./shaped-input.ts";

/**
 * The `colfer` input shape (docs/polyglot.md, "Input shapes"). Colfer has no Node implementation,
 * so no Node adapter's values to start from: the parent emits the `.colf` (emitColfer) and writes
 * each message along its IR with the same IdlValueMapper every IDL adapter uses (Colfer's field
 * names, `value`/`items` wrapper records, maps as entry lists, enums as their position, timestamps
 * as epoch milliseconds, unions and `any` as JSON text), as lossless JSON. The Go child sets those
 * onto colf's generated structs by reflection and answers decoded structs in the same shape.
 */
export function writeColferInput(
  dataset: Dataset,
  dir: string,
  file: string,
): Omit<ShapedInput, "shape" | "file"> {
  const emitted = emitColfer(dataset.schema);
  const schemaFile = join(dir, emitted.fileName);
  writeFileSync(schemaFile, emitted.text);
  const mapper = new IdlValueMapper(emitted, {
    enums: "number",
    fromLeaf: (v, t) => {
      // colf 1.8 has no list of bool or uint64 (emitColfer): they come back as int32 0/1 and as the
      // two's complement int64 of the same 64 bits.
      if (t.kind === "bool" && typeof v !== "boolean") return v !== 0 && v !== 0n;
      if (t.kind === "uint64" && (typeof v === "number" || typeof v === "bigint") && v < 0)
        return normalizeInt(BigInt.asUintN(64, BigInt(v)));
      return typeof v === "bigint" ? normalizeInt(v) : (v as DataValue);
    },
  });
  const orig = dataset.schema.root;
  const idl = emitted.ir.root;
  const values = dataset.messages.map((m, i) => {
    try {
      return mapper.toIdl(orig, idl, m);
    } catch (err) {
      throw new Error(`message ${i} does not fit the Colfer schema: ${(err as Error).message}`);
    }
  });
  writeFileSync(file, stringifyLossless(values));
  return {
    schema: { idl: "colf", file: schemaFile, rootType: emitted.rootType },
    limitations: emitted.limitations,
    notes: emitted.notes,
    toPlain: (decoded) =>
      decoded.map((d, i) => {
        try {
          return mapper.fromIdl(orig, idl, d);
        } catch (err) {
          throw new Error(`decoded message ${i} does not read back: ${(err as Error).message}`);
        }
      }),
  };
}
