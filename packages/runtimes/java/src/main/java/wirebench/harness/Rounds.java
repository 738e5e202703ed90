package wirebench.harness;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Warms every format up (one timed-loop copy per format and operation), then times them interleaved
 * in rounds as the plan asks: A B C … then B C … A, each operation's samples preceded by one untimed
 * batch. A format that throws is reported `failed` once and skipped from then on.
 */
final class Rounds {
  private final List<Live> live;
  private final Request.Settings settings;
  private final Set<String> failed = new HashSet<>();
  private final List<Loop> loops = new ArrayList<>();

  Rounds(List<Live> live, Request.Settings settings) {
    this.live = live;
    this.settings = settings;
  }

  private interface Step {
    void run() throws Exception;
  }

  private void guard(Live l, String what, Step step) throws Exception {
    if (failed.contains(l.id())) return;
    try {
      step.run();
    } catch (Throwable t) {
      if (t instanceof VirtualMachineError && !(t instanceof OutOfMemoryError || t instanceof StackOverflowError))
        throw t;
      failed.add(l.id());
      Out.failed(l.id(), what + " failed: " + Out.errorText(t));
    }
  }

  void warmUp() throws Exception {
    for (Live l : live) {
      guard(l, "warm-up", () -> {
        for (Live.Op op : Live.Op.values()) {
          Loop loop = Loops.fresh();
          loops.add(loop);
          Object[] args = l.args(op);
          Warmup.Result w = Warmup.run(
              n -> op == Live.Op.ENCODE ? loop.encode(l.codec, args, n) : loop.decode(l.codec, args, n),
              settings,
              l.prior.get(op));
          l.measured.put(op, new Live.Measured(loop, w.iterations(), w.stable(), w.nsPerOp()));
          Out.send(Out.msg(
              "type", "calibrated", "id", l.id(), "op", op.wire(),
              "iterations", w.iterations(), "nsPerOp", w.nsPerOp(), "stable", w.stable()));
        }
      });
    }
  }

  void measure(Request.Plan plan) throws Exception {
    Map<String, Integer> samples = new HashMap<>();
    for (Request.OpPlan p : plan.plans()) samples.put(p.id() + "\0" + p.op(), p.samples());
    int rounds = settings.rounds();
    for (int round = 0; round < rounds; round++) {
      for (int k = 0; k < live.size(); k++) {
        // Rotate the starting format each round so none always runs first (or after a GC-heavy one).
        Live l = live.get((k + round) % live.size());
        final int r = round;
        guard(l, "measuring", () -> {
          for (Live.Op op : Live.Op.values()) {
            Live.Measured m = l.measured.get(op);
            Integer total = samples.get(l.id() + "\0" + op.wire());
            if (m == null || total == null) continue;
            int count = samplesInRound(total, rounds, r);
            if (count == 0) continue;
            Object[] args = l.args(op);
            // One untimed batch: other formats ran since this one did; warm its code and caches again.
            m.batch(op, l.codec, args, m.iterations());
            List<Double> nsPerOp = new ArrayList<>(count);
            for (int i = 0; i < count; i++)
              nsPerOp.add(Math.max(1, m.batch(op, l.codec, args, m.iterations())) / (double) m.iterations());
            Out.send(Out.msg(
                "type", "samples", "id", l.id(), "op", op.wire(), "round", r,
                "nsPerOp", nsPerOp, "iterations", m.iterations()));
          }
        });
      }
    }
  }

  /** The plan's samples spread over the rounds as evenly as possible, earlier rounds first. */
  static int samplesInRound(int samples, int rounds, int round) {
    return samples / rounds + (round < samples % rounds ? 1 : 0);
  }

  /** Every loop's sink, folded to a 32-bit integer the parent's JSON reader keeps exactly. */
  long checksum() {
    long sum = 0;
    for (Loop loop : loops) sum += loop.checksum();
    return (int) sum;
  }
}
