package wirebench.harness;

import java.util.EnumMap;
import java.util.Map;

/** One format ready to time: its codec, its inputs as native objects and as bytes, its timed loops. */
final class Live {
  enum Op {
    ENCODE,
    DECODE;

    String wire() {
      return name().toLowerCase();
    }
  }

  /** One operation after warm-up: its own loop copy and the calls per timed sample. */
  record Measured(Loop loop, int iterations, boolean stable, double nsPerOp) {
    long batch(Op op, Codec codec, Object[] args, int n) throws Exception {
      return op == Op.ENCODE ? loop.encode(codec, args, n) : loop.decode(codec, args, n);
    }
  }

  final Request.Format format;
  final Codec codec;
  final Object[] inputs;
  final Object[] encoded;
  /** What one call took while encoding/decoding every message once (prepare/verify), ns. */
  final Map<Op, Double> prior = new EnumMap<>(Op.class);
  final Map<Op, Measured> measured = new EnumMap<>(Op.class);

  Live(Request.Format format, Codec codec, Object[] inputs, Object[] encoded) {
    this.format = format;
    this.codec = codec;
    this.inputs = inputs;
    this.encoded = encoded;
  }

  String id() {
    return format.id();
  }

  Object[] args(Op op) {
    return op == Op.ENCODE ? inputs : encoded;
  }
}
