package wirebench.adapters;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import wirebench.harness.Codec;
import wirebench.harness.Request;

/**
 * Kryo 5 on the data as Map/List (ObjectTree): `writeClassAndObject` into an Output, and
 * `readClassAndObject`. The container classes are registered, as Kryo's documentation asks, so each
 * is written as a small id instead of its class name; references are off (the data is a tree).
 */
final class KryoCodec implements Codec {
  private final Kryo kryo = new Kryo();
  private final Output output = new Output(4096, -1);
  private final List<Object> inputs;

  KryoCodec(Request.Format f) throws Exception {
    kryo.setReferences(false);
    kryo.register(LinkedHashMap.class);
    kryo.register(ArrayList.class);
    kryo.register(BigInteger.class);
    kryo.register(byte[].class);
    inputs = ObjectTree.read(f);
  }

  @Override
  public List<Object> inputs() {
    return inputs;
  }

  @Override
  public byte[] encode(Object message) {
    output.reset();
    kryo.writeClassAndObject(output, message);
    return output.toBytes();
  }

  @Override
  public Object decode(byte[] bytes) {
    return kryo.readClassAndObject(new Input(bytes));
  }

  @Override
  public JsonNode toInputShape(Object decoded) throws Exception {
    return ObjectTree.toLossless(decoded);
  }

  @Override
  public List<String> notes() {
    return List.of(
        "Kryo writeClassAndObject / readClassAndObject on LinkedHashMap/ArrayList (registered), references off",
        "a Java-only format: no other runtime reads it");
  }
}
