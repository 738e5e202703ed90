// runComparison returns a Result, so the engine's API hands its consumers the contract's types too.
export * from "@wirebench/contracts/result";
export {
  defaultSweepLimits,
  parseSweepSizes,
  SWEEP_MAX_POINTS,
  SWEEP_MAX_SIZE,
  type SweepLimits,
} from "@wirebench/contracts/sweep";
export type { Adapter, PrepareContext, PreparedCodec, Unsupported } from "./adapters/types.ts";
export { compareDatasets } from "./fidelity/compare-values.ts";
export {
  type ChildIdentity,
  childEnv,
  chooseChildIdentity,
  createWorkDir,
  workDirPrefix,
} from "./harness/child-sandbox.ts";
export { endWithParent } from "./harness/end-with-parent.ts";
export {
  type BoundedExit,
  type BoundSettingNames,
  forkBounded,
  lastErrorLine,
  type MemoryBounds,
  memoryBoundExceeded,
} from "./harness/fork-bounded.ts";
export { type Attempt, attemptOf, onceMoreIfKilledAtStart } from "./harness/once-more-at-start.ts";
export {
  defaultLimits,
  defaultSettings,
  type Limits,
  type MeasureSettings,
  quickSettings,
} from "./harness/settings.ts";
export { medianCi } from "./harness/statistics.ts";
export {
  defaultInstructionSettings,
  type InstructionSettings,
} from "./instructions/settings.ts";
export {
  type DatasetFile,
  type ProgressEvent,
  type ProgressPhase,
  type RunOptions,
  runComparison,
} from "./pipeline/run-comparison.ts";
export { type Metric, metrics } from "./pipeline/run-options.ts";
export {
  formatChoices,
  loadAdapter,
  matchEntries,
  type RegistryEntry,
  registry,
  selectEntries,
} from "./registry/registry.ts";
export { capArtifacts, defaultMaxArtifactBytes } from "./result/cap-artifacts.ts";
export { compressedSizes } from "./sizes/compressed-sizes.ts";
export { chooseRepeatedField, growRepeatedField, repeatedFields } from "./sizes/grow-array.ts";
export {
  growSweepDatasets,
  measureSweep,
  runSweep,
  type SweepDatasets,
  type SweepOptions,
} from "./sizes/run-sweep.ts";
export { shippedSizes } from "./sizes/shipped-sizes.ts";
