import { type SchemaKind, schemaHasRoots } from "../detect/schema-kinds.ts";
import { importAvsc } from "../import/import-avsc.ts";
import { importCapnpRequest } from "../import/import-capnp.ts";
import { importFbsReflection } from "../import/import-fbs.ts";
import { importJsonSchema } from "../import/import-json-schema.ts";
import { importProto } from "../import/import-proto.ts";
import { importThriftXml } from "../import/import-thrift.ts";
import { SchemaImportError } from "../import/schema-import-error.ts";
import type { IrSchema } from "../ir.ts";
import { checkSchemaSize, type SchemaLimits } from "../measure/schema-size.ts";
import type { IdlCompilers } from "./idl-compilers.ts";

/** A schema as the user gave it. */
export interface SchemaInput {
  kind: SchemaKind;
  text: string;
  /** The type each message is, in a kind that can hold several (schemaHasRoots). */
  rootType?: string;
}

/** The schema size limits, and the names a refusal gives them (e.g. the env vars that set them). */
export interface SchemaSizeCheck {
  limits?: Partial<SchemaLimits>;
  settingNames?: { leaves?: string; types?: string };
}

/**
 * Imports a schema and refuses one whose shared types expand past the size limits (SchemaImportError
 * naming the limit): every walk after this one (reading a sample, synthetic data) pays for the
 * expanded size, so this is where a 1.8 KB schema describing 262,144-field messages stops. A .thrift,
 * .fbs or .capnp schema needs `compilers` (see IdlCompilers).
 */
export function importSchema(
  s: SchemaInput,
  check: SchemaSizeCheck = {},
  compilers?: IdlCompilers,
): IrSchema {
  const ir = importUnchecked(s, compilers);
  checkSchemaSize(ir, check.limits, check.settingNames);
  return ir;
}

/** .thrift, .fbs and .capnp go through their compiler first; the text is kept as `original`. */
function importUnchecked(s: SchemaInput, compilers: IdlCompilers | undefined): IrSchema {
  // JSON Schema and .avsc describe one root; silently ignoring a root there would hide a typo.
  if (s.rootType !== undefined && !schemaHasRoots(s.kind))
    throw new SchemaImportError(
      "a root message can only be chosen in a .proto, .thrift, .fbs or .capnp schema",
    );
  const compile = () => {
    // A caller's bug, not the user's: every entry point that accepts these kinds passes compilers.
    if (!compilers) throw new Error(`importing a .${s.kind} schema runs its compiler: pass IdlCompilers`);
    return compilers;
  };
  switch (s.kind) {
    case "proto":
      return importProto(s.text, s.rootType);
    case "thrift":
      return importThriftXml(compile().thriftXml(s.text), s.rootType, s.text);
    case "fbs":
      return importFbsReflection(compile().fbsReflectionJson(s.text), s.rootType, s.text);
    case "capnp":
      return importCapnpRequest(compile().capnpCodeGeneratorRequest(s.text), s.rootType, s.text);
    case "avsc":
      return importAvsc(s.text);
    default:
      return importJsonSchema(s.text);
  }
}
