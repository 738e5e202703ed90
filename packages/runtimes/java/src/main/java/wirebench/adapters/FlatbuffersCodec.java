package wirebench.adapters;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.google.flatbuffers.FlatBufferBuilder;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import wirebench.harness.Codec;
import wirebench.harness.Request;

/**
 * FlatBuffers with flatc's Java object API (`flatc --java --gen-object-api`, flatbuffers-java):
 * encode packs the object API's native object into a reused FlatBufferBuilder and copies the finished
 * bytes out (`sizedByteArray()`), as Node's adapter packs and copies; decode is
 * `getRootAs<Root>(ByteBuffer.wrap(bytes)).unpack()`. The input (the `flatbuffers` shape) is one base64
 * line per message, the bytes Node's adapter encodes, unpacked once outside timing; a decoded message
 * goes back to the parent packed again, as base64.
 */
final class FlatbuffersCodec implements Codec {
  /** Where java.ts writes the per-schema glue class (FlatbuffersRoot). */
  static final String ROOT_CLASS = "wirebench.fbs.Root";

  private final FlatbuffersRoot root;
  private final FlatBufferBuilder builder = new FlatBufferBuilder(1024);
  private final List<Object> inputs = new ArrayList<>();

  FlatbuffersCodec(Request.Format f) throws Exception {
    if (f.generatedDir() == null) throw new IllegalArgumentException("flatbuffers needs generatedDir (flatc --java)");
    Path classes = Path.of(f.generatedDir(), GeneratedMessages.CLASSES);
    if (!Files.isDirectory(classes))
      throw new IllegalArgumentException(classes + " does not exist: was the generated code compiled?");
    ClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, FlatbuffersCodec.class.getClassLoader());
    root = (FlatbuffersRoot) Class.forName(ROOT_CLASS, true, loader).getConstructor().newInstance();
    List<String> lines = Files.readAllLines(Path.of(f.inputFile()), StandardCharsets.US_ASCII);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).trim();
      if (line.isEmpty()) continue;
      try {
        inputs.add(root.unpack(ByteBuffer.wrap(Base64.getDecoder().decode(line))));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("message " + i + " is not a FlatBuffer of this schema: " + e, e);
      }
    }
  }

  @Override
  public List<Object> inputs() {
    return inputs;
  }

  @Override
  public byte[] encode(Object message) {
    builder.clear();
    builder.finish(root.pack(builder, message));
    return builder.sizedByteArray();
  }

  @Override
  public Object decode(byte[] bytes) {
    return root.unpack(ByteBuffer.wrap(bytes));
  }

  @Override
  public JsonNode toInputShape(Object decoded) {
    return TextNode.valueOf(Base64.getEncoder().encodeToString(encode(decoded)));
  }

  @Override
  public List<String> notes() {
    return List.of(
        "flatc --java --gen-object-api: Root.pack(builder, RootT) + finish + sizedByteArray() / getRootAsRoot(bytes).unpack()",
        "optional scalars (`= null`) are written when present, even at the type's default (flatc 2.0.8's Java would skip them or fail on null), as Node's adapter does");
  }
}
