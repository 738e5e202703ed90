export { unwrapAvroUnions } from "./conform/avro-json.ts";
export { conformToSchema, protoJsonName } from "./conform/conform-sample.ts";
export { fits, isoMillis, unionVariantIndex } from "./conform/value-fits.ts";
export { defineKey, isPlainObject } from "./data/plain-object.ts";
export * from "./detect/index.ts";
export { adaptIr, type IdlCapabilities, namedTypes } from "./emit/adapt-ir.ts";
export { asWritten } from "./emit/as-written.ts";
export { emitAvsc } from "./emit/emit-avsc.ts";
export { capnpFileId, emitCapnp } from "./emit/emit-capnp.ts";
export { COLFER_MAX_FIELDS, COLFER_PACKAGE, emitColfer } from "./emit/emit-colfer.ts";
export { emitFbs, isFbsOptionalScalar } from "./emit/emit-fbs.ts";
export { emitJsonSchema } from "./emit/emit-jsonschema.ts";
export { emitProto, protoFieldNumber } from "./emit/emit-proto.ts";
export { emitThrift } from "./emit/emit-thrift.ts";
export type { EmittedSchema, Idl } from "./emit/emitted-schema.ts";
export { decodeIr, encodeIr, type StoredIr, type StoredType, type TypeRef } from "./encode/ir-refs.ts";
export { importAvsc } from "./import/import-avsc.ts";
export { importCapnpRequest } from "./import/import-capnp.ts";
export { type FbsReflection, importFbsReflection } from "./import/import-fbs.ts";
export { importJsonSchema } from "./import/import-json-schema.ts";
export { importProto } from "./import/import-proto.ts";
export { importThriftXml } from "./import/import-thrift.ts";
export { SchemaImportError } from "./import/schema-import-error.ts";
export { inferDataset } from "./infer/infer-dataset.ts";
export { type InferOptions, inferSchema, inferSchemaStream } from "./infer/infer-schema.ts";
export { inferenceThresholds } from "./infer/thresholds.ts";
export type * from "./ir.ts";
export {
  checkRunInput,
  type RunInputToCheck,
  type RunInputVerdict,
} from "./load/check-run-input.ts";
export type { IdlCompilers } from "./load/idl-compilers.ts";
export { importSchema, type SchemaInput, type SchemaSizeCheck } from "./load/import-schema.ts";
export { loadDataset, type SampleInput } from "./load/load-dataset.ts";
export {
  checkSchemaSize,
  defaultSchemaLimits,
  measureSchema,
  type SchemaLimits,
  type SchemaSize,
} from "./measure/schema-size.ts";
export { usesKind } from "./measure/uses-kind.ts";
export { defaultParseLimits, maxSupportedDepth, type ParseLimits } from "./parse/limits.ts";
export { minifiedMessages, minifyJson } from "./parse/minify-json.ts";
export {
  checkJsonShape,
  JsonInputError,
  lineColumn,
  parseJsonLossless,
} from "./parse/parse-json-lossless.ts";
export { seededRandom } from "./synthesize/seeded-random.ts";
export {
  defaultMaxSyntheticValues,
  defaultSyntheticCount,
  SynthesisBudgetError,
  type SynthesizeOptions,
  synthesisCost,
  synthesize,
} from "./synthesize/synthesize.ts";
export { type VideoRecord, videoRecords } from "./synthesize/video-model.ts";
