/** A schema (JSON Schema, .proto, .avsc) that cannot be turned into the IR; the message says why. */
export class SchemaImportError extends Error {
  override name = "SchemaImportError";
}

/**
 * The IR is plain data that is stored and sent as JSON, so a type that contains itself would make a
 * cyclic object (JSON.stringify throws, synthetic data never ends). `path` is the chain of
 * `Type.field` steps from the type back to itself.
 */
export function recursiveTypeError(typeName: string, path: string[]): SchemaImportError {
  return new SchemaImportError(
    `recursive type ${typeName} is not supported: ${path.join(" → ")} refers back to ${typeName} ` +
      "(Wirebench's schema IR cannot hold a type that contains itself)",
  );
}
