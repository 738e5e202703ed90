package wirebench.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Count mode (docs/instructions.md, "Other runtimes"): started with WIREBENCH_COUNT=1 under
 * `valgrind --tool=callgrind --dump-before=Java_java_io_UnixFileSystem_getLength`, the child runs each
 * operation in segments of N calls between markers. A marker is `File.length()`, whose native
 * function in libjava callgrind can name (the JIT's code it cannot). With `--separate-threads=yes` a
 * dump holds only this thread: the compiler and GC threads never reach a count. Iteration counts come
 * from the data, never from a clock. Protocol: the request line with `count` → hello, failed…,
 * segments (one label per dump, null for gaps), done.
 */
final class Count {
  private Count() {}

  private static final File MARKER = new File("/");
  private static final List<Object> labels = new ArrayList<>();
  private static long sink;

  private static void mark(Object label) {
    sink += MARKER.length();
    labels.add(label);
  }

  static void main(BufferedReader in) throws Exception {
    String line = in.readLine();
    Request request;
    JsonNode count;
    try {
      request = Request.parse(line);
      count = new ObjectMapper().readTree(line).get("count");
      if (count == null || count.path("segments").asInt(0) < 1 || count.path("minIterations").asInt(0) < 1)
        throw new IllegalArgumentException("the count request needs count.segments ≥ 1 and count.minIterations ≥ 1");
    } catch (Exception e) {
      System.err.println("wirebench java child: bad count request: " + Out.errorText(e));
      System.exit(2);
      return;
    }
    Out.send(Out.msg("type", "hello", "runtime", "java", "runtimeVersion", Main.runtimeVersion(),
        "libraries", wirebench.adapters.Codecs.libraries()));
    for (Live l : Prepare.all(request)) {
      try {
        long total = 0;
        for (Object b : l.encoded) total += ((byte[]) b).length;
        double mean = Math.max(1.0, total / (double) l.encoded.length);
        int n = (int) Math.ceil(count.get("segmentBytes").asInt() / mean);
        n = Math.min(count.get("maxIterations").asInt(), Math.max(count.get("minIterations").asInt(), n));
        for (Live.Op op : Live.Op.values()) {
          Loop loop = Loops.fresh();
          Object[] args = l.args(op);
          run(loop, op, l.codec, args, count.get("warmupIterations").asInt());
          for (int k = 0; k < count.get("segments").asInt(); k++) {
            mark(null);
            run(loop, op, l.codec, args, n);
            mark(Map.of("id", l.id(), "op", op.wire(), "iterations", n));
          }
        }
      } catch (Exception e) {
        Out.failed(l.id(), "counting failed: " + Out.errorText(e));
      }
    }
    Out.send(Out.msg("type", "segments", "segments", labels));
    Out.send(Out.msg("type", "done", "checksum", sink % (1L << 31)));
    System.exit(0);
  }

  private static void run(Loop loop, Live.Op op, Codec codec, Object[] args, int n) throws Exception {
    sink += op == Live.Op.ENCODE ? loop.encode(codec, args, n) : loop.decode(codec, args, n);
  }
}
