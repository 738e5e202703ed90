package wirebench.adapters;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.msgpack.jackson.dataformat.MessagePackFactory;
import wirebench.harness.Codec;
import wirebench.harness.Request;

/**
 * The Java implementations by `impl` (the same names as src/definitions/java.ts lists), and the exact
 * library versions the build pinned (libraries.properties, filled from pom.xml by Maven).
 */
public final class Codecs {
  private Codecs() {}

  public static Codec create(Request.Format f) throws Exception {
    return switch (f.impl()) {
      case "protobuf" -> new ProtobufCodec(f);
      case "avro" -> new AvroCodec(f);
      case "json" -> new JacksonCodec(f, new ObjectMapper(), "Jackson ObjectMapper (JSON)");
      case "cbor" -> new JacksonCodec(f, new ObjectMapper(new CBORFactory()), "Jackson CBORFactory");
      case "smile" -> new JacksonCodec(f, new ObjectMapper(new SmileFactory()), "Jackson SmileFactory");
      case "msgpack" -> new JacksonCodec(
          f, new ObjectMapper(new MessagePackFactory()), "org.msgpack jackson-dataformat-msgpack MessagePackFactory");
      case "kryo" -> new KryoCodec(f);
      case "fory" -> new ForyCodec(f);
      case "flatbuffers" -> new FlatbuffersCodec(f);
      case "thrift-binary" -> new ThriftCodec(f, false);
      case "thrift-compact" -> new ThriftCodec(f, true);
      default -> throw new IllegalArgumentException("the Java runtime has no implementation \"" + f.impl() + "\"");
    };
  }

  public static Map<String, String> libraries() throws IOException {
    Properties p = new Properties();
    try (InputStream in = Codecs.class.getResourceAsStream("/libraries.properties")) {
      if (in == null) throw new IOException("libraries.properties missing from the harness jar");
      p.load(in);
    }
    Map<String, String> out = new TreeMap<>();
    p.forEach((k, v) -> out.put((String) k, (String) v));
    return out;
  }
}
