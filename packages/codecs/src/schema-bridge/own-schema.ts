import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { asWritten, type Dataset, type EmittedSchema, type IrSchema } from "@wirebench/schemas";

/**
 * Runs a format's code generation or preparation on the user's own schema when the IR came from one
 * in that format's IDL (generated into a folder of its own), so the bytes are the official
 * compiler's for that schema. When the compiler's code for it cannot be used (a compiler bug, a
 * construct the adapter does not map), it runs on the schema emitted from the IR instead and
 * `fallback` says why, for the format's notes.
 */
export async function withOwnSchema<T>(
  dataset: Dataset,
  workDir: string,
  own: { idl: "thrift" | "fbs" | "capnp"; emit: (schema: IrSchema) => EmittedSchema },
  use: (emitted: EmittedSchema, dir: string) => Promise<T>,
): Promise<{ value: T; fallback?: string }> {
  if (dataset.schema.original?.idl !== own.idl)
    return { value: await use(own.emit(dataset.schema), workDir) };
  const dir = join(workDir, "as-written");
  mkdirSync(dir, { recursive: true });
  try {
    return { value: await use(asWritten(dataset.schema, `schema.${own.idl}`), dir) };
  } catch (err) {
    const why = (err as Error).message.split("\n")[0];
    const fallback = `your .${own.idl} could not be measured as written (${why}); measured with a schema emitted from the IR`;
    return { value: await use(own.emit(dataset.schema), workDir), fallback };
  }
}
