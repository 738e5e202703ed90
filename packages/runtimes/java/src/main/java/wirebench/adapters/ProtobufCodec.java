package wirebench.adapters;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import com.google.protobuf.util.JsonFormat;
import java.util.ArrayList;
import java.util.List;
import wirebench.harness.Codec;
import wirebench.harness.Json;
import wirebench.harness.Request;

/**
 * protobuf-java on protoc's generated classes: `toByteArray()` and the class's `parseFrom(byte[])`
 * (through its Parser, which the static method calls). The ProtoJSON input is read with
 * `JsonFormat.parser()` and decoded messages written with `JsonFormat.printer()`, outside timing.
 */
final class ProtobufCodec implements Codec {
  private final Parser<? extends Message> parser;
  private final JsonFormat.Printer printer = JsonFormat.printer().omittingInsignificantWhitespace();
  private final List<Object> inputs = new ArrayList<>();

  ProtobufCodec(Request.Format f) throws Exception {
    if (f.schema() == null) throw new IllegalArgumentException("protobuf needs the .proto schema and its root type");
    Message prototype = GeneratedMessages.defaultInstance(f.generatedDir(), f.schema().rootType());
    parser = prototype.getParserForType();
    JsonFormat.Parser reader = JsonFormat.parser();
    List<JsonNode> messages = Json.readMessages(f.inputFile());
    for (int i = 0; i < messages.size(); i++) {
      Message.Builder b = prototype.newBuilderForType();
      try {
        reader.merge(Json.MAPPER.writeValueAsString(messages.get(i)), b);
      } catch (Exception e) {
        throw new IllegalArgumentException("message " + i + " does not fit " + f.schema().rootType() + ": " + e.getMessage(), e);
      }
      inputs.add(b.build());
    }
  }

  @Override
  public List<Object> inputs() {
    return inputs;
  }

  @Override
  public byte[] encode(Object message) {
    return ((Message) message).toByteArray();
  }

  @Override
  public Object decode(byte[] bytes) throws Exception {
    return parser.parseFrom(bytes);
  }

  @Override
  public JsonNode toInputShape(Object decoded) throws Exception {
    return Json.MAPPER.readTree(printer.print((Message) decoded));
  }

  @Override
  public List<String> notes() {
    return List.of("protobuf-java generated classes (protoc --java_out): toByteArray() / parseFrom(byte[])");
  }
}
