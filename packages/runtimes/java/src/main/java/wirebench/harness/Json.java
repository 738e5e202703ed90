package wirebench.harness;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Lossless JSON (docs/polyglot.md): integers as int, long or BigInteger by size (never a double),
 * other numbers as doubles, bytes as {"$bytes": base64}. Jackson's tree keeps exactly that.
 */
public final class Json {
  public static final ObjectMapper MAPPER = JsonMapper.builder()
      .disable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
      .disable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .build();

  private static final String BYTES = "$bytes";

  private Json() {}

  /** An input file: one JSON array, one element per message. */
  public static List<JsonNode> readMessages(String file) throws Exception {
    JsonNode root = MAPPER.readTree(new File(file));
    if (root == null || !root.isArray())
      throw new IllegalArgumentException(file + " is not a JSON array of messages");
    List<JsonNode> out = new ArrayList<>(root.size());
    root.forEach(out::add);
    return out;
  }

  /** Lossless JSON to the tree a schemaless library writes: {"$bytes": b64} becomes binary. */
  public static JsonNode fromLossless(JsonNode v) {
    if (v.isObject()) {
      if (v.size() == 1 && v.get(BYTES) != null && v.get(BYTES).isTextual())
        return JsonNodeFactory.instance.binaryNode(Base64.getDecoder().decode(v.get(BYTES).asText()));
      ObjectNode o = JsonNodeFactory.instance.objectNode();
      for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        o.set(e.getKey(), fromLossless(e.getValue()));
      }
      return o;
    }
    if (v.isArray()) {
      ArrayNode a = JsonNodeFactory.instance.arrayNode(v.size());
      v.forEach(x -> a.add(fromLossless(x)));
      return a;
    }
    return v;
  }

  /** A decoded tree back to lossless JSON: binary becomes {"$bytes": b64}. */
  public static JsonNode toLossless(JsonNode v) throws Exception {
    if (v.isBinary()) {
      ObjectNode o = JsonNodeFactory.instance.objectNode();
      o.put(BYTES, Base64.getEncoder().encodeToString(v.binaryValue()));
      return o;
    }
    if (v.isObject()) {
      ObjectNode o = JsonNodeFactory.instance.objectNode();
      for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        o.set(e.getKey(), toLossless(e.getValue()));
      }
      return o;
    }
    if (v.isArray()) {
      ArrayNode a = JsonNodeFactory.instance.arrayNode(v.size());
      for (JsonNode x : v) a.add(toLossless(x));
      return a;
    }
    return v;
  }
}
