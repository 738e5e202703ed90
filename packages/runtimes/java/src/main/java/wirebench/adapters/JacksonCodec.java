package wirebench.adapters;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import wirebench.harness.Codec;
import wirebench.harness.Json;
import wirebench.harness.Request;

/**
 * The schemaless formats through Jackson (JSON, CBOR, Smile, MessagePack), over Jackson's tree model:
 * encode is `writeValueAsBytes(JsonNode)`, decode `readTree(byte[])`, the calls a generic service
 * makes on data without a Java class. The tree keeps int/long/BigInteger and binary apart, so the
 * round trip is lossless where the format is; `{"$bytes"}` input becomes a binary node.
 */
final class JacksonCodec implements Codec {
  private final ObjectMapper mapper;
  private final List<Object> inputs = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  JacksonCodec(Request.Format f, ObjectMapper mapper, String library) throws Exception {
    this.mapper = mapper;
    for (JsonNode m : Json.readMessages(f.inputFile())) inputs.add(Json.fromLossless(m));
    notes.add(library + " over the JsonNode tree: writeValueAsBytes(tree) / readTree(bytes)");
    if (!mapper.getFactory().canHandleBinaryNatively())
      notes.add("bytes are written as base64 strings (Jackson's default) and read back as strings");
  }

  @Override
  public List<Object> inputs() {
    return inputs;
  }

  @Override
  public byte[] encode(Object message) throws Exception {
    return mapper.writeValueAsBytes(message);
  }

  @Override
  public Object decode(byte[] bytes) throws Exception {
    return mapper.readTree(bytes);
  }

  @Override
  public JsonNode toInputShape(Object decoded) throws Exception {
    return Json.toLossless((JsonNode) decoded);
  }

  @Override
  public List<String> notes() {
    return notes;
  }
}
