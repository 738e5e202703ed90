package wirebench.harness;

/** A timed loop (see TimedLoop); an interface so the copies in their own class loaders can be called. */
public interface Loop {
  /** Encodes `args` cyclically `n` times; nanoseconds of the whole batch. */
  long encode(Codec codec, Object[] args, int n) throws Exception;

  /** Decodes `args` (byte[]) cyclically `n` times; nanoseconds of the whole batch. */
  long decode(Codec codec, Object[] args, int n) throws Exception;

  /** What the loops folded from every result, so the JIT cannot prove the work dead. */
  long checksum();
}
