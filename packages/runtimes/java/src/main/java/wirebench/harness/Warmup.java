package wirebench.harness;

import java.util.ArrayDeque;

/**
 * Warm-up and batch calibration in one pass, the Node harness's rules (packages/codecs/src/harness/
 * calibrate.ts): grow the batch until one lasts `targetSampleMs`; stop when the per-call time of the
 * last three batches agrees within `warmupTolerance`, after `warmupMinMs` and `warmupMinIterations`
 * calls (or `warmupEnoughMs`).
 *
 * The JVM adds its own rule, the reason JMH warms up for seconds: HotSpot runs an operation
 * interpreted, then in C1 code with profiling, then in C2 code, and each stage's batches look stable
 * for a while (C1 code is 2–4× slower than C2's). Ending warm-up when three 1 ms batches agree
 * measured C1 code, with the C2 compile still queued (behind other compiles, or on a loaded machine's
 * starved compiler thread). So warm-up also waits for the JIT to settle (JitWatch): no compile
 * finished for `WIREBENCH_JAVA_WARMUP_MIN_CALLS` calls (more than C2's back-edge threshold for the
 * timed loop itself, so code still in C1 would have been queued by then) or
 * `WIREBENCH_JAVA_WARMUP_ENOUGH_MS` (a slow operation), and nothing queued or compiling. It gives up
 * at the larger of the run's `warmupMaxMs` and `WIREBENCH_JAVA_WARMUP_MAX_MS` (unstable).
 */
final class Warmup {
  /** Calls with the JIT quiet before warm-up may end: above C2's OSR back-edge threshold (40,000). */
  static final long JVM_MIN_CALLS = envLong("WIREBENCH_JAVA_WARMUP_MIN_CALLS", 50_000);
  /** ...or this long with the JIT quiet (an operation too slow for that many calls), ms. */
  static final double JVM_ENOUGH_MS = envLong("WIREBENCH_JAVA_WARMUP_ENOUGH_MS", 1_000);
  /** Longest warm-up of one operation, ms (JMH's default warm-up is 5 iterations of 10 s). */
  static final double JVM_MAX_MS = envLong("WIREBENCH_JAVA_WARMUP_MAX_MS", 10_000);

  record Result(int iterations, boolean stable, double nsPerOp) {}

  /** One batch of `n` calls, returning its nanoseconds. */
  interface Batch {
    long run(int n) throws Exception;
  }

  private Warmup() {}

  static Result run(Batch batch, Request.Settings s, Double priorNsPerOp) throws Exception {
    final double maxMs = Math.max(s.warmupMaxMs(), JVM_MAX_MS);
    if (priorNsPerOp != null && priorNsPerOp >= maxMs * 1e6) return new Result(1, false, priorNsPerOp);
    final double targetNs = s.targetSampleMs() * 1e6;
    final long start = System.nanoTime();
    int n = 1;
    long calls = 0;
    long quietCalls = 0;
    long quietSince = start;
    ArrayDeque<Double> recent = new ArrayDeque<>(); // ns per call of the last batches
    for (; ; ) {
      long jitBefore = JitWatch.compiledMs();
      long ns = Math.max(1, batch.run(n));
      calls += n;
      if (JitWatch.compiledMs() != jitBefore) {
        // Something was (re)compiled during this batch: the code being timed may have changed. The
        // quiet window spans more than three batches, so the ones compared below all ran after it.
        quietCalls = 0;
        quietSince = System.nanoTime();
      } else {
        quietCalls += n;
      }
      if (ns < targetNs * 0.8) {
        // Too short to time well: scale towards the target (at most ×10 a step), restart the window.
        long next = Math.max(n + 1L, Math.min(n * 10L, (long) Math.ceil(n * targetNs / ns)));
        n = (int) Math.min(next, Integer.MAX_VALUE / 2);
        recent.clear();
      } else {
        recent.addLast((double) ns / n);
        if (recent.size() > 3) recent.removeFirst();
      }
      long now = System.nanoTime();
      double t = (now - start) / 1e6;
      boolean enoughCalls = calls >= s.warmupMinIterations() || t >= s.warmupEnoughMs();
      boolean jitQuiet = quietCalls >= JVM_MIN_CALLS || (now - quietSince) / 1e6 >= JVM_ENOUGH_MS;
      if (recent.size() == 3 && t >= s.warmupMinMs() && enoughCalls && jitQuiet && agree(recent, s)) {
        // Asked last, and only then: the queue query costs ~0.1 ms.
        if (JitWatch.idle()) return new Result(n, true, lowest(recent, Double.MAX_VALUE));
        quietCalls = 0;
        quietSince = System.nanoTime();
      }
      // The cost the parent plans with: the fastest recent batch (a preempted one can look far dearer).
      if (t >= maxMs) return new Result(n, false, lowest(recent, (double) ns / n));
    }
  }

  private static boolean agree(ArrayDeque<Double> recent, Request.Settings s) {
    double lo = lowest(recent, Double.MAX_VALUE), hi = 0;
    for (double r : recent) hi = Math.max(hi, r);
    return (hi - lo) / lo <= s.warmupTolerance();
  }

  private static double lowest(ArrayDeque<Double> recent, double floor) {
    double lo = floor;
    for (double r : recent) lo = Math.min(lo, r);
    return lo;
  }

  /** The JVM warm-up settings as the child read them; throws naming a bad one (Main checks first). */
  static String describe() {
    return "min calls " + JVM_MIN_CALLS + ", enough " + JVM_ENOUGH_MS + " ms, max " + JVM_MAX_MS + " ms";
  }

  private static long envLong(String name, long fallback) {
    String v = System.getenv(name);
    if (v == null || v.isBlank()) return fallback;
    long n;
    try {
      n = Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      n = -1;
    }
    if (n < 0) throw new IllegalArgumentException(name + " must be an integer ≥ 0, got " + v);
    return n;
  }
}
