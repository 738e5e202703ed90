package wirebench.harness;

/**
 * The timed loop, JMH's measurement loop without its annotations: System.nanoTime around a batch,
 * every result consumed into a sink (the encoded length, a null check of a decoded object) that ends
 * up in the `done` checksum, so C2 can delete no call. Each format and operation gets its own copy of
 * this class (Loops): HotSpot profiles a call site per method, so one shared loop would see every
 * codec and stop inlining (megamorphic), while JMH generates one loop per benchmark. Public with a
 * public constructor because the copies live in other class loaders.
 */
public final class TimedLoop implements Loop {
  private long sink;
  private Object keep;

  public TimedLoop() {}

  @Override
  public long encode(Codec codec, Object[] args, int n) throws Exception {
    final int len = args.length;
    int j = 0;
    long local = 0;
    final long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      local += codec.encode(args[j]).length;
      if (++j == len) j = 0;
    }
    final long t1 = System.nanoTime();
    sink += local;
    return t1 - t0;
  }

  @Override
  public long decode(Codec codec, Object[] args, int n) throws Exception {
    final int len = args.length;
    int j = 0;
    long local = 0;
    Object last = null;
    final long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      last = codec.decode((byte[]) args[j]);
      local += last == null ? 0 : 1;
      if (++j == len) j = 0;
    }
    final long t1 = System.nanoTime();
    sink += local;
    keep = last;
    return t1 - t0;
  }

  @Override
  public long checksum() {
    return sink + (keep == null ? 0 : 1);
  }
}
