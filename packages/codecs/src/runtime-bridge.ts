/**
 * What the polyglot parent (`@wirebench/runtimes`, docs/polyglot.md) shares with Node's own harness,
 * so every runtime's figures come from the same code: the emitted schemas and their value mapping,
 * the sample plan, the statistics, the fidelity check, the sizes and the digest. A narrow entry
 * point: the rest of the engine stays private to this package.
 */

// The libraries' own types and JSON mappings, so the parent and the Node child need no copies.
export type { Type as AvroType, types as avroTypes } from "avsc";
export { default as protojson } from "protobufjs/ext/protojson.js";
export { avroSchemaOf, avroTypeOf, bigintLong, prepareAvro } from "./adapters/avro.ts";
export { prepareCapnp } from "./adapters/capnp.ts";
export { prepareFlatbuffers } from "./adapters/flatbuffers.ts";
export { prepareProtobuf, protobufSchemaOf, protoTypeOf } from "./adapters/protobuf.ts";
export { prepareThrift } from "./adapters/thrift.ts";
export { structFromThriftJson, structToThriftJson } from "./adapters/thrift-json.ts";
export { type Adapter, isUnsupported, type PreparedCodec } from "./adapters/types.ts";
export { libraryVersion } from "./environment/collect-environment.ts";
export { compareDatasets } from "./fidelity/compare-values.ts";
export { warmUpAndCalibrate } from "./harness/calibrate.ts";
export {
  jitEventCounter,
  jitEventFlagsFor,
  perfMapAllowedAfter,
  removeLeftPerfMap,
  withoutJitEventFlags,
} from "./harness/jit-events.ts";
export { type Attempt, onceMoreIfKilledAtStart } from "./harness/once-more-at-start.ts";
export { type OpCost, type OpPlan, planSamples, samplesInRound } from "./harness/plan-samples.ts";
export { defaultLimits, defaultSettings, type MeasureSettings, quickSettings } from "./harness/settings.ts";
export { type SampleSet, summarize } from "./harness/statistics.ts";
export { checksum, compileTimedLoop, type TimedLoop } from "./harness/timed-batch.ts";
export { warmupMaxMs } from "./harness/warmup-cap.ts";
// Instruction counts (docs/instructions.md): the other runtimes are counted with Node's settings and pooling.
export { repeatableMalloc } from "./instructions/count-process.ts";
export { poolFormat } from "./instructions/measure-instructions.ts";
export { readDumpTotal } from "./instructions/read-dumps.ts";
export { defaultInstructionSettings, type InstructionSettings } from "./instructions/settings.ts";
export { checkValgrind } from "./instructions/valgrind-version.ts";
export { loadAdapter, type RegistryEntry, registry } from "./registry/registry.ts";
export { IdlValueMapper } from "./schema-bridge/idl-value.ts";
export { normalizeInt } from "./schema-bridge/ir-walk.ts";
export { withOwnSchema } from "./schema-bridge/own-schema.ts";
export { compressedSizes } from "./sizes/compressed-sizes.ts";
export { digestOf } from "./sizes/digest.ts";
