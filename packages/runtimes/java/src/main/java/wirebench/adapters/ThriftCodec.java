package wirebench.adapters;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.thrift.TBase;
import org.apache.thrift.TDeserializer;
import org.apache.thrift.TSerializer;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TJSONProtocol;
import org.apache.thrift.protocol.TProtocolFactory;
import wirebench.harness.Codec;
import wirebench.harness.Json;
import wirebench.harness.Request;

/**
 * Apache Thrift (libthrift) on `thrift --gen java` structs, in the binary or the compact protocol:
 * encode is `TSerializer.serialize(struct)`, decode `TDeserializer.deserialize(new struct, bytes)`, the
 * way Java code serializes a struct outside RPC. The input (the `thriftjson` shape) is one
 * TJSONProtocol message per line, read with libthrift's own TJSONProtocol outside timing; a decoded
 * struct goes back to the parent the same way (its TJSONProtocol JSON, per message).
 */
final class ThriftCodec implements Codec {
  private static final Pattern JAVA_NAMESPACE =
      Pattern.compile("^\\s*namespace\\s+(?:java|\\*)\\s+([\\w.]+)", Pattern.MULTILINE);

  @SuppressWarnings("rawtypes")
  private final TBase empty;
  private final TSerializer serializer;
  private final TDeserializer deserializer;
  private final TSerializer jsonWriter = new TSerializer(new TJSONProtocol.Factory());
  private final String protocol;
  private final List<Object> inputs = new ArrayList<>();
  private List<String> texts;

  @SuppressWarnings("rawtypes")
  ThriftCodec(Request.Format f, boolean compact) throws Exception {
    if (f.schema() == null) throw new IllegalArgumentException("thrift needs the .thrift schema and its root type");
    if (f.generatedDir() == null) throw new IllegalArgumentException("thrift needs generatedDir (thrift --gen java)");
    Path classes = Path.of(f.generatedDir(), GeneratedMessages.CLASSES);
    if (!Files.isDirectory(classes))
      throw new IllegalArgumentException(classes + " does not exist: was the generated code compiled?");
    Matcher ns = JAVA_NAMESPACE.matcher(Files.readString(Path.of(f.schema().file())));
    String root = f.schema().rootType();
    String name = ns.find() && !root.contains(".") ? ns.group(1) + "." + root : root;
    ClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, ThriftCodec.class.getClassLoader());
    Class<?> type = Class.forName(name, true, loader);
    if (!TBase.class.isAssignableFrom(type))
      throw new IllegalArgumentException(name + " is not a generated Thrift struct");
    empty = (TBase) type.getConstructor().newInstance();
    TProtocolFactory factory = compact ? new TCompactProtocol.Factory() : new TBinaryProtocol.Factory();
    protocol = compact ? "TCompactProtocol" : "TBinaryProtocol";
    serializer = new TSerializer(factory);
    deserializer = new TDeserializer(factory);
    TDeserializer jsonReader = new TDeserializer(new TJSONProtocol.Factory());
    for (int i = 0; i < texts(f.inputFile()).size(); i++) {
      TBase s = empty.deepCopy();
      try {
        jsonReader.deserialize(s, texts(f.inputFile()).get(i), "UTF-8");
      } catch (Exception e) {
        throw new IllegalArgumentException("message " + i + " does not fit " + name + ": " + e.getMessage(), e);
      }
      inputs.add(s);
    }
  }

  /**
   * The messages' TJSONProtocol texts: one per line, or (should the parent write the file as one JSON
   * array, like the other shapes) one per element.
   */
  private List<String> texts(String file) throws Exception {
    if (texts != null) return texts;
    String all = Files.readString(Path.of(file), StandardCharsets.UTF_8);
    texts = new ArrayList<>();
    if (all.stripLeading().startsWith("[")) {
      for (JsonNode m : Json.MAPPER.readTree(all)) texts.add(Json.MAPPER.writeValueAsString(m));
    } else {
      for (String line : all.split("\n")) if (!line.isBlank()) texts.add(line);
    }
    return texts;
  }

  @Override
  public List<Object> inputs() {
    return inputs;
  }

  @Override
  @SuppressWarnings("rawtypes")
  public byte[] encode(Object message) throws Exception {
    return serializer.serialize((TBase) message);
  }

  @Override
  @SuppressWarnings("rawtypes")
  public Object decode(byte[] bytes) throws Exception {
    // A new empty struct, as `new AddressBook()` would give (deepCopy of an empty one copies nothing).
    TBase s = empty.deepCopy();
    deserializer.deserialize(s, bytes);
    return s;
  }

  @Override
  @SuppressWarnings("rawtypes")
  public JsonNode toInputShape(Object decoded) throws Exception {
    return Json.MAPPER.readTree(jsonWriter.toString((TBase) decoded));
  }

  @Override
  public List<String> notes() {
    return List.of("thrift --gen java structs: TSerializer.serialize / TDeserializer.deserialize with " + protocol);
  }
}
