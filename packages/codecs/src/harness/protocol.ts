import type {
  Artifact,
  AttributionEntry,
  Fidelity,
  FirstMessage,
  Limitation,
  Rename,
  ShippedSizes,
  SizeDetail,
} from "@wirebench/contracts";
import type { RegistryEntry } from "../registry/registry.ts";
import type { MeasureSettings } from "./settings.ts";

export type { MeasureSettings };

export type Op = "encode" | "decode" | "access";
export type Step = "prepare" | "verify" | "warmup" | "measure" | "allocations";

/** Parent → child: everything a child needs; the dataset itself is read from a file in workDir. */
export interface ChildJob {
  entries: RegistryEntry[];
  datasetPath: string;
  workDir: string;
  settings: MeasureSettings;
  /** Replicates of the run (`settings.processes`, 1 when verifying only): the floor is shared among them. */
  processes: number;
  /** Ids to verify (round-trip + sizes) in this child: only the first process does it. */
  verify: string[];
  /** Only prepare and verify; no timing (corpus round-trip tests). */
  verifyOnly: boolean;
  /**
   * After `entries`, ask the parent for more formats (`claim`) until it has none: the first
   * replicate's shard children share its formats this way (see FormatQueue).
   */
  claim?: boolean;
  /** Cap on the first encoded message sent back with `verified`, in bytes. */
  firstMessageMaxBytes: number;
  /** Field paths kept per format's attribution before the rest become `(other paths)`. */
  maxAttributionPaths?: number;
  /** Also compute sizes as shipped (framings, batches, dictionary) while verifying. */
  shippedSizes: boolean;
}

/** Child → parent. `step` arms the parent's kill timer and says whom to blame if the child dies. */
export type ChildMessage =
  | { type: "step"; id: string; step: Step; op?: Op; round?: number }
  | {
      type: "prepared";
      id: string;
      artifacts: Artifact[];
      notes: string[];
      limitations: Limitation[];
      renames: Rename[];
      hasAccess: boolean;
    }
  | {
      type: "verified";
      id: string;
      /**
       * Sent first with sizes, fidelity and the first message only, as soon as they are known; the
       * complete message (shipped sizes, attribution) follows.
       */
      partial?: boolean;
      fidelity: Fidelity;
      sizes: SizeDetail;
      shipped?: ShippedSizes;
      meanBytes: number;
      /** SHA-256 of the encoded messages, each length-prefixed (see digestOf). */
      digest?: string;
      firstMessage?: FirstMessage;
      /** Where the bytes go (see attributeFormat), and why not when they could not be walked. */
      attribution?: AttributionEntry[];
      attributionLimitation?: Limitation;
    }
  | {
      type: "samples";
      id: string;
      op: Op;
      round: number;
      nsPerOp: number[];
      iterations: number;
      /** Whether this op's warm-up in this child settled before `warmupMaxMs` (see warmUpAndCalibrate). */
      warmupStable: boolean;
    }
  | { type: "alloc"; id: string; op: Op; bytesPerOp: number | null }
  /** How many samples this child will time for an op, and whether the time budget cut them. */
  | { type: "plan"; id: string; op: Op; samples: number; budgetBound: boolean; overBudget: boolean }
  | { type: "failed"; id: string; error: string }
  /** Untimed work is over; the child waits for `ParentMessage` go before timing (see TurnScheduler). */
  | { type: "ready" }
  /** The child is ready for another format; the parent answers `claimed`. */
  | { type: "claim" }
  | { type: "done"; checksum: number };

/**
 * Parent → child after the job: the child's turn to time its rounds, within `budgetMs` of wall-clock
 * time (its share of the run's `budgetMs`, see planSamples).
 */
export type ParentMessage =
  | { type: "go"; budgetMs: number }
  /** The formats (one format's variants) a `claim` got, none when all are taken; `verify` as in ChildJob. */
  | { type: "claimed"; entries: RegistryEntry[]; verify: string[] };
