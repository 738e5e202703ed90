// Polyglot measurement: see docs/polyglot.md.

export { type AddRuntimesOptions, addRuntimes, nodeRuntimeOf } from "./add-runtimes.ts";
export { type ChildCommand, type ChildExit, runRuntimeChild } from "./child/run-runtime-child.ts";
export { type ByteReference, crossRuntimeBytes } from "./cross-runtime-bytes.ts";
export { computedReferences, dataModelJson, dataModelJsonId } from "./data-model-json.ts";
export { runtimeDefinition, runtimeDefinitions } from "./definitions/index.ts";
export * from "./formats/index.ts";
export { OK_MARKER, prepareGenerated } from "./generated-cache.ts";
export { fromAvroJson, toAvroJson } from "./inputs/avro-json.ts";
export { parseLossless, stringifyLossless } from "./inputs/lossless-json.ts";
export { type ShapedInput, shapeInput, writeInputs } from "./inputs/shaped-input.ts";
export { type MeasureInRuntimeOptions, measureInRuntime, type RuntimeRun } from "./measure-in-runtime.ts";
export type {
  Availability,
  InputShape,
  RuntimeDefinition,
  RuntimeFormatDefinition,
  SchemaForRuntime,
} from "./runtime-definition.ts";
export {
  defaultCacheDir,
  defaultStepTimeoutMs,
  type RuntimeLimits,
  runtimeLimits,
} from "./runtime-settings.ts";
