package wirebench.harness;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;

/**
 * The parent's RuntimeRequest (packages/contracts/src/runtime/runtime-protocol.ts, docs/polyglot.md)
 * and its plan line. Unknown fields are ignored so a newer parent's additions do not break this child;
 * missing ones are named in the error.
 */
public record Request(
    Integer protocol,
    Integer process,
    Boolean verify,
    String workDir,
    List<Format> formats,
    Settings settings) {

  static final int PROTOCOL = 1;

  public record Format(String id, String format, String impl, String inputFile, Schema schema, String generatedDir) {}

  public record Schema(String file, String rootType) {}

  public record Settings(
      Integer rounds,
      Double targetSampleMs,
      Double warmupMinMs,
      Long warmupMinIterations,
      Double warmupEnoughMs,
      Double warmupMaxMs,
      Double warmupTolerance) {}

  record Plan(String type, List<OpPlan> plans) {}

  record OpPlan(String id, String op, Integer samples) {}

  private static final ObjectMapper READER =
      Json.MAPPER.copy().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  static Request parse(String line) throws Exception {
    if (line == null) throw new IllegalArgumentException("no request on stdin (expected one JSON line)");
    Request r = READER.readValue(line, Request.class);
    if (r.protocol == null || r.protocol != PROTOCOL)
      throw new IllegalArgumentException("protocol " + r.protocol + " is not supported (this child speaks " + PROTOCOL + ")");
    require(r.process, "process");
    require(r.verify, "verify");
    require(r.formats, "formats");
    Settings s = require(r.settings, "settings");
    require(s.rounds, "settings.rounds");
    require(s.targetSampleMs, "settings.targetSampleMs");
    require(s.warmupMinMs, "settings.warmupMinMs");
    require(s.warmupMinIterations, "settings.warmupMinIterations");
    require(s.warmupEnoughMs, "settings.warmupEnoughMs");
    require(s.warmupMaxMs, "settings.warmupMaxMs");
    require(s.warmupTolerance, "settings.warmupTolerance");
    if (s.rounds < 1 || s.targetSampleMs <= 0 || s.warmupMaxMs <= 0 || s.warmupTolerance <= 0)
      throw new IllegalArgumentException("settings out of range: " + s);
    for (Format f : r.formats) {
      require(f.id, "formats[].id");
      require(f.impl, "formats[" + f.id + "].impl");
      require(f.inputFile, "formats[" + f.id + "].inputFile");
    }
    return r;
  }

  static Plan parsePlan(String line) throws Exception {
    if (line == null) throw new IllegalArgumentException("stdin closed before the plan line");
    Plan p = READER.readValue(line, Plan.class);
    if (!"plan".equals(p.type) || p.plans == null)
      throw new IllegalArgumentException("expected a plan line, got: " + abbreviate(line));
    for (OpPlan o : p.plans) {
      if (o.id == null || o.op == null || o.samples == null || o.samples < 0)
        throw new IllegalArgumentException("bad plan entry: " + o);
    }
    return p;
  }

  private static <T> T require(T value, String name) {
    if (value == null) throw new IllegalArgumentException("request is missing " + name);
    return value;
  }

  static String abbreviate(String s) {
    return s.length() <= 200 ? s : s.substring(0, 200) + "…";
  }
}
