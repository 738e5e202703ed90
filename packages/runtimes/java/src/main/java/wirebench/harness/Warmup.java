package wirebench.harness;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayDeque;

/**
 * Warm-up and batch calibration in one pass, the Node harness's rules (packages/codecs/src/harness/
 * calibrate.ts): grow the batch until one lasts `targetSampleMs`; stop when the per-call time of the
 * last three batches agrees within `warmupTolerance`, after `warmupMinMs` and `warmupMinIterations`
 * calls (or `warmupEnoughMs`), or at `warmupMaxMs`.
 *
 * The JVM adds its own floor, like JMH's warm-up iterations: HotSpot compiles a method with C2 after
 * about 10,000 calls, so until then the batches time C1 or interpreted code that can look stable.
 * Hence at least JVM_MIN_CALLS calls (or JVM_ENOUGH_MS), and "stable" also needs the JIT to have
 * compiled nothing during those three batches when the JVM reports compilation time.
 */
final class Warmup {
  /** Calls before warm-up may end: C2's invocation threshold (Tier4) is about 10,000. */
  static final long JVM_MIN_CALLS = envLong("WIREBENCH_JAVA_WARMUP_MIN_CALLS", 10_000);
  /** ...unless warm-up has run this long (a slow operation's inner loops are compiled by then). */
  static final double JVM_ENOUGH_MS = envLong("WIREBENCH_JAVA_WARMUP_ENOUGH_MS", 1_000);

  record Result(int iterations, boolean stable, double nsPerOp) {}

  /** One batch of `n` calls, returning its nanoseconds. */
  interface Batch {
    long run(int n) throws Exception;
  }

  private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();
  private static final boolean JIT_TIMED = JIT != null && JIT.isCompilationTimeMonitoringSupported();

  private Warmup() {}

  static Result run(Batch batch, Request.Settings s, Double priorNsPerOp) throws Exception {
    final long minCalls = Math.max(s.warmupMinIterations(), JVM_MIN_CALLS);
    final double enoughMs = Math.max(s.warmupEnoughMs(), JVM_ENOUGH_MS);
    // The JVM floor must be reachable: never give up before it.
    final double maxMs = Math.max(s.warmupMaxMs(), enoughMs);
    if (priorNsPerOp != null && priorNsPerOp >= maxMs * 1e6) return new Result(1, false, priorNsPerOp);
    final double targetNs = s.targetSampleMs() * 1e6;
    final long start = System.nanoTime();
    int n = 1;
    long calls = 0;
    ArrayDeque<double[]> recent = new ArrayDeque<>(); // {ns per call, JIT ms before the batch}
    for (; ; ) {
      long jitBefore = jitMs();
      long ns = Math.max(1, batch.run(n));
      calls += n;
      if (ns < targetNs * 0.8) {
        // Too short to time well: scale towards the target (at most ×10 a step), restart the window.
        long next = Math.max(n + 1L, Math.min(n * 10L, (long) Math.ceil(n * targetNs / ns)));
        n = (int) Math.min(next, Integer.MAX_VALUE / 2);
        recent.clear();
      } else {
        recent.addLast(new double[] {(double) ns / n, jitBefore});
        if (recent.size() > 3) recent.removeFirst();
      }
      double t = (System.nanoTime() - start) / 1e6;
      boolean enoughCalls = calls >= minCalls || t >= enoughMs;
      if (recent.size() == 3 && t >= s.warmupMinMs() && enoughCalls) {
        double lo = Double.MAX_VALUE, hi = 0;
        for (double[] r : recent) {
          lo = Math.min(lo, r[0]);
          hi = Math.max(hi, r[0]);
        }
        boolean jitQuiet = !JIT_TIMED || jitMs() == recent.peekFirst()[1];
        if ((hi - lo) / lo <= s.warmupTolerance() && jitQuiet) return new Result(n, true, lo);
      }
      // The cost the parent plans with: the fastest recent batch (a preempted one can look far dearer).
      if (t >= maxMs) {
        double best = (double) ns / n;
        for (double[] r : recent) best = Math.min(best, r[0]);
        return new Result(n, false, best);
      }
    }
  }

  private static long jitMs() {
    return JIT_TIMED ? JIT.getTotalCompilationTime() : 0;
  }

  private static long envLong(String name, long fallback) {
    String v = System.getenv(name);
    if (v == null || v.isBlank()) return fallback;
    try {
      return Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be an integer, got " + v);
    }
  }
}
