package wirebench.harness;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * What HotSpot's JIT is doing, for the warm-up (Warmup): the total time it has spent compiling (it
 * moves when a compile finishes) and whether anything is compiling or queued, from the
 * `Compiler.queue` diagnostic command (`jcmd <pid> Compiler.queue`, here through its platform MBean).
 * On a JVM without either, the JIT counts as quiet and idle: warm-up then rests on the timings alone.
 */
final class JitWatch {
  private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();
  private static final boolean TIMED = JIT != null && JIT.isCompilationTimeMonitoringSupported();
  private static final MBeanServer SERVER = ManagementFactory.getPlatformMBeanServer();
  private static final ObjectName DIAGNOSTIC = diagnosticCommand();
  private static final String[] SIGNATURE = {String[].class.getName()};

  private JitWatch() {}

  /** Milliseconds the JIT has spent compiling so far (0 when the JVM does not say). */
  static long compiledMs() {
    return TIMED ? JIT.getTotalCompilationTime() : 0;
  }

  /**
   * True when no method is being compiled or waits in a compile queue. The answer lists
   * "Current compiles:", then "C1 compile queue:" and "C2 compile queue:", each followed by one line
   * per task or by "Empty".
   */
  static boolean idle() {
    if (DIAGNOSTIC == null) return true;
    String queue;
    try {
      queue = (String) SERVER.invoke(DIAGNOSTIC, "compilerQueue", new Object[] {null}, SIGNATURE);
    } catch (Exception e) {
      return true;
    }
    for (String line : queue.split("\n")) {
      String l = line.trim();
      if (!l.isEmpty() && !l.equals("Empty") && !l.endsWith(":")) return false;
    }
    return true;
  }

  /** Loads the JMX classes and compiles nothing more later: called once before any warm-up. */
  static void prime() {
    for (int i = 0; i < 3; i++) idle();
  }

  private static ObjectName diagnosticCommand() {
    try {
      ObjectName n = new ObjectName("com.sun.management:type=DiagnosticCommand");
      return SERVER.isRegistered(n) ? n : null;
    } catch (Exception e) {
      return null;
    }
  }
}
