package wirebench.adapters;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.io.JsonEncoder;
import wirebench.harness.Codec;
import wirebench.harness.Json;
import wirebench.harness.Request;

/**
 * Apache Avro's generic API on the emitted .avsc: GenericDatumWriter into a BinaryEncoder and
 * GenericDatumReader from a BinaryDecoder, encoder and decoder reused between calls as Avro's
 * documentation advises. The input (Avro's JSON encoding) is read with `DecoderFactory.jsonDecoder`,
 * decoded records written back with `EncoderFactory.jsonEncoder`, outside timing.
 */
final class AvroCodec implements Codec {
  private final Schema schema;
  private final GenericDatumWriter<Object> writer;
  private final GenericDatumReader<Object> reader;
  private final List<Object> inputs = new ArrayList<>();
  private BinaryEncoder encoder;
  private BinaryDecoder decoder;

  AvroCodec(Request.Format f) throws Exception {
    if (f.schema() == null) throw new IllegalArgumentException("avro needs the .avsc schema");
    Schema.Parser p = new Schema.Parser();
    Schema parsed = p.parse(new File(f.schema().file()));
    schema = rootOf(parsed, p, f.schema().rootType());
    if (schema == null)
      throw new IllegalArgumentException("no type " + f.schema().rootType() + " in " + f.schema().file());
    writer = new GenericDatumWriter<>(schema);
    reader = new GenericDatumReader<>(schema);
    List<JsonNode> messages = Json.readMessages(f.inputFile());
    for (int i = 0; i < messages.size(); i++) {
      try {
        String text = Json.MAPPER.writeValueAsString(messages.get(i));
        inputs.add(reader.read(null, DecoderFactory.get().jsonDecoder(schema, text)));
      } catch (Exception e) {
        throw new IllegalArgumentException("message " + i + " does not fit " + schema.getFullName() + ": " + e.getMessage(), e);
      }
    }
  }

  /** The root type by full name, or by short name when that names one type only (the parent may give either). */
  private static Schema rootOf(Schema parsed, Schema.Parser p, String root) {
    if (root == null || root.equals(parsed.getFullName()) || root.equals(parsed.getName())) return parsed;
    Schema byFull = p.getTypes().get(root);
    if (byFull != null) return byFull;
    List<Schema> byShort = p.getTypes().values().stream().filter(t -> t.getName().equals(root)).toList();
    return byShort.size() == 1 ? byShort.get(0) : null;
  }

  @Override
  public List<Object> inputs() {
    return inputs;
  }

  @Override
  public byte[] encode(Object message) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    encoder = EncoderFactory.get().binaryEncoder(out, encoder);
    writer.write(message, encoder);
    encoder.flush();
    return out.toByteArray();
  }

  @Override
  public Object decode(byte[] bytes) throws Exception {
    decoder = DecoderFactory.get().binaryDecoder(bytes, decoder);
    return reader.read(null, decoder);
  }

  @Override
  public JsonNode toInputShape(Object decoded) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    JsonEncoder json = EncoderFactory.get().jsonEncoder(schema, out);
    writer.write(decoded, json);
    json.flush();
    return Json.MAPPER.readTree(out.toByteArray());
  }

  @Override
  public List<String> notes() {
    return List.of("Apache Avro generic API: GenericDatumWriter/BinaryEncoder, GenericDatumReader/BinaryDecoder");
  }
}
