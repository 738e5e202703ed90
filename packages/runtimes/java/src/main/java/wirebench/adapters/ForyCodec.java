package wirebench.adapters;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.apache.fory.Fory;
import org.apache.fory.config.Language;
import wirebench.harness.Codec;
import wirebench.harness.Request;

/**
 * Apache Fory (formerly Fury) on the data as Map/List (ObjectTree): `serialize` / `deserialize` of a
 * Fory built once with the Java language mode and reference tracking off (the data is a tree).
 */
final class ForyCodec implements Codec {
  private final Fory fory;
  private final List<Object> inputs;

  ForyCodec(Request.Format f) throws Exception {
    fory = Fory.builder().withLanguage(Language.JAVA).withRefTracking(false).requireClassRegistration(false).build();
    inputs = ObjectTree.read(f);
  }

  @Override
  public List<Object> inputs() {
    return inputs;
  }

  @Override
  public byte[] encode(Object message) {
    return fory.serialize(message);
  }

  @Override
  public Object decode(byte[] bytes) {
    return fory.deserialize(bytes);
  }

  @Override
  public JsonNode toInputShape(Object decoded) throws Exception {
    return ObjectTree.toLossless(decoded);
  }

  @Override
  public List<String> notes() {
    return List.of(
        "Apache Fory serialize / deserialize (Java mode, reference tracking off) on LinkedHashMap/ArrayList",
        "a Java-only format: no other runtime reads it");
  }
}
