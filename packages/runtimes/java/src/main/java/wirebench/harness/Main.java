package wirebench.harness;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import wirebench.adapters.Codecs;

/**
 * The Java measurement child (docs/polyglot.md): reads one RuntimeRequest line on stdin, answers
 * hello, verified/failed, calibrated, ready, then reads the plan line and answers samples and done.
 * A bad request ends the child with exit code 2 and the reason on stderr.
 */
public final class Main {
  private Main() {}

  public static void main(String[] argv) throws Exception {
    Out.claim();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    if ("1".equals(System.getenv("WIREBENCH_COUNT"))) { // instruction counts under callgrind
      Count.main(in);
      return;
    }
    Request request;
    try {
      request = Request.parse(in.readLine());
    } catch (Exception e) {
      System.err.println("wirebench java child: bad request: " + Out.errorText(e));
      System.exit(2);
      return;
    }
    try {
      Warmup.describe(); // reads the WIREBENCH_JAVA_WARMUP_* settings: a bad one stops the child here
    } catch (ExceptionInInitializerError e) {
      System.err.println("wirebench java child: bad setting: " + Out.errorText(e.getCause()));
      System.exit(2);
      return;
    }
    Out.send(Out.msg(
        "type", "hello",
        "runtime", "java",
        "runtimeVersion", runtimeVersion(),
        "libraries", Codecs.libraries()));
    // The JIT watch's own classes load (and compile) now, not in the middle of a warm-up.
    JitWatch.prime();
    List<Live> live = Prepare.all(request);
    Rounds rounds = new Rounds(live, request.settings());
    rounds.warmUp();
    Out.send(Out.msg("type", "ready"));
    Request.Plan plan;
    try {
      plan = Request.parsePlan(in.readLine());
    } catch (Exception e) {
      System.err.println("wirebench java child: bad plan: " + Out.errorText(e));
      System.exit(2);
      return;
    }
    rounds.measure(plan);
    Out.send(Out.msg("type", "done", "checksum", rounds.checksum()));
    System.exit(0);
  }

  /** As `java -version` names the runtime: e.g. "OpenJDK 17.0.15+6-Debian-1deb12u1". */
  static String runtimeVersion() {
    String name = System.getProperty("java.runtime.name", "Java");
    String version = System.getProperty("java.runtime.version", System.getProperty("java.version"));
    return name.replace(" Runtime Environment", "") + " " + version;
  }
}
