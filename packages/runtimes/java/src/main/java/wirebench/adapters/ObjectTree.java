package wirebench.adapters;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import wirebench.harness.Json;
import wirebench.harness.Request;

/**
 * The lossless data as plain Java objects, the object model the JVM-native serializers (Kryo, Fory)
 * take without generated classes: LinkedHashMap, ArrayList, String, Integer/Long/BigInteger by size,
 * Double, Boolean, null and byte[] (Jackson's `convertValue`, from the tree `Json.fromLossless` builds).
 */
final class ObjectTree {
  private ObjectTree() {}

  static List<Object> read(Request.Format f) throws Exception {
    List<Object> out = new ArrayList<>();
    for (JsonNode m : Json.readMessages(f.inputFile())) out.add(Json.MAPPER.convertValue(Json.fromLossless(m), Object.class));
    return out;
  }

  /** A decoded object graph back to lossless JSON (byte[] becomes {"$bytes"}). */
  static JsonNode toLossless(Object decoded) throws Exception {
    return Json.toLossless(Json.MAPPER.valueToTree(decoded));
  }
}
