package wirebench.harness;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The protocol's stdout: one JSON object per line. Everything else a library prints to System.out is
 * sent to stderr instead (see claim), so no stray line can break the parent's parser.
 */
final class Out {
  private static PrintStream protocol;

  private Out() {}

  /** Takes stdout for the protocol and points System.out at stderr. */
  static void claim() {
    protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
    System.setOut(System.err);
  }

  static void send(Map<String, ?> message) throws Exception {
    protocol.print(Json.MAPPER.writeValueAsString(message));
    protocol.print('\n');
    protocol.flush();
    if (protocol.checkError()) throw new IllegalStateException("stdout closed: the parent went away");
  }

  /** A message map in the order given: `msg("type", "ready")`, `msg("type", "failed", "id", id, …)`. */
  static Map<String, Object> msg(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i + 1 < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
    return m;
  }

  static void failed(String id, String error) throws Exception {
    send(msg("type", "failed", "id", id, "error", error));
  }

  /** An exception's class and message, with its causes: what the user needs to see. */
  static String errorText(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (Throwable c = t; c != null && sb.length() < 2000; c = c.getCause() == c ? null : c.getCause()) {
      if (sb.length() > 0) sb.append(": ");
      String m = c.getMessage();
      sb.append(m == null || m.isEmpty() ? c.getClass().getSimpleName() : c.getClass().getSimpleName() + " " + m);
    }
    return sb.toString();
  }
}
