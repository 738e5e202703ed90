export interface OffThreadPoolOptions {
  /** Module specifier each thread imports (resolved from this package, e.g. "@wirebench/codecs/x"). */
  module: string;
  /** Name of the function export to call with each input. */
  exportName: string;
  /** Most threads running at once. */
  threads: number;
  /** A call is stopped (its thread terminated) this long after it was made, queue wait included. */
  deadlineMs: number;
  /** Old-generation heap limit of each thread, in MB. */
  memoryMb: number;
  /** Most calls waiting for a thread; one more is refused at once. */
  maxQueue: number;
}

export interface OffThreadPool<I, O> {
  run(input: I): Promise<O>;
  close(): Promise<void>;
  /** Calls running or waiting. */
  readonly inFlight: number;
}

/** Why an off-thread call did not return a value. */
export declare class OffThreadError extends Error {
  readonly kind: "deadline" | "memory" | "busy" | "failed";
  constructor(kind: OffThreadError["kind"], message: string);
}

export declare function createOffThreadPool<I, O>(options: OffThreadPoolOptions): OffThreadPool<I, O>;
