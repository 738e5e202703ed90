import type { RuntimeId } from "@wirebench/contracts";
import type { ChildCommand } from "../child/run-runtime-child.ts";

/**
 * How each runtime's child is counted under callgrind (docs/instructions.md, "Other runtimes").
 * Every one isolates segments with a marker function callgrind dumps before (`--dump-before`), as
 * Node's child does, and with `--separate-threads=yes` a dump holds only the thread that called it
 * (file `…-<thread>`: Go's locked goroutine may sit on any thread, one process counted on thread 4).
 *
 * glibc's `mxfast=0`, which Node's counting child needs, is not set: Go does not use glibc's malloc,
 * and Rust's and Python's counts repeated to the instruction with fastbins as without them (AddressBook,
 * serde_json, rmp-serde, ciborium; json, msgpack, cbor2), while turning them off added up to 20 %
 * to what an allocation-heavy decode costs (rmp-serde: 9,593 → 11,463 per call).
 *
 * Toggled collection (`--toggle-collect` on the loop's function) was tried for Go first: Go switches
 * goroutine stacks (morestack, systemstack inside mallocgc), callgrind took those switches for
 * returns, and segments dumped 0 or a few thousand instructions. Two whole processes with different
 * iteration counts would pay start-up twice per count (Python's imports alone: ~290 M instructions)
 * and let its variation into the difference. Markers work in every runtime: a C function (Python's
 * `os.getpriority` reaches libc's `getpriority`) or an exported, never inlined function of the child.
 */
export interface CountProfile {
  /** The function callgrind dumps before: one dump per call. */
  marker: string;
  /** Environment that makes the runtime repeat itself instruction for instruction. */
  env: Record<string, string>;
  /** Valgrind options of this runtime's own. */
  valgrindArgs?: string[];
  /** The count-mode command from the timed one, when it must differ. */
  command?(timed: ChildCommand): ChildCommand;
}

export const countProfiles: Partial<Record<RuntimeId, CountProfile>> = {
  go: {
    marker: "wirebench/runtimes/go/child.countMark",
    // One P and no asynchronous preemption: the goroutine runs undisturbed on its locked thread.
    // The child also turns the collector off (SetGCPercent(-1)) and collects fully before every
    // segment, so no collection falls inside one; GOGC=off says the same from the start.
    env: { GOMAXPROCS: "1", GODEBUG: "asyncpreemptoff=1,memprofilerate=0", GOGC: "off" },
  },
  python: {
    marker: "getpriority",
    env: { PYTHONHASHSEED: "0" },
    // `-I` implies `-E`, which ignores PYTHONHASHSEED: with random string hashes, dicts built by
    // decoding collided differently in every process (decode counts 0.4–0.75 % apart; with the seed
    // fixed, equal to the instruction). `-s` keeps user site-packages out as `-I` does; the parent
    // passes no PYTHONPATH (pythonEnvFree below).
    command: (timed) => ({ ...timed, args: timed.args.map((a) => (a === "-I" ? "-s" : a)) }),
  },
  rust: { marker: "wirebench_count_mark", env: {} },
  java: {
    // `File.length()` reaches this libjava function; the JIT's code has no name callgrind could use.
    marker: "Java_java_io_UnixFileSystem_getLength",
    env: {},
    // The JIT rewrites machine code in anonymous memory, as V8 does.
    valgrindArgs: ["--smc-check=all-non-file"],
    // -Xbatch: a call that triggers a compilation waits for it, so compiled code takes over at the
    // same call in every process (the compiler's own threads are not counted). Serial GC without
    // perf data, and no safepoint every second of wall time (GuaranteedSafepointInterval=0): the
    // main thread stops only where the work itself asks. json@java on AddressBook, two processes:
    // encode 0.0004 %, decode 0.04 % apart.
    command: (timed) => ({
      ...timed,
      args: [
        "-Xbatch",
        "-XX:+UseSerialGC",
        "-XX:-UsePerfData",
        "-XX:+UnlockDiagnosticVMOptions",
        "-XX:GuaranteedSafepointInterval=0",
        ...timed.args,
      ],
    }),
  },
};

/** Why a runtime without a profile has no counts. */
export function noProfileReason(runtime: RuntimeId): string {
  return `instruction counts are not implemented for the ${runtime} runtime`;
}

/** The environment without the Python variables `-I` used to shut out (PYTHONPATH, PYTHONHOME, …). */
export function pythonEnvFree(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith("PYTHON")));
}
