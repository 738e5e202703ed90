package wirebench.harness;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import wirebench.adapters.Codecs;

/**
 * Builds each format's codec from its input file and encodes every message once (outside timing);
 * when the request says `verify`, sends every encoded message and its decoded round trip. A format
 * that fails here is reported `failed` and left out; the others go on.
 */
final class Prepare {
  private Prepare() {}

  static List<Live> all(Request r) throws Exception {
    List<Live> live = new ArrayList<>();
    for (Request.Format f : r.formats()) {
      try {
        live.add(one(f, r.verify()));
      } catch (Throwable t) {
        if (t instanceof VirtualMachineError && !(t instanceof OutOfMemoryError || t instanceof StackOverflowError))
          throw t;
        Out.failed(f.id(), Out.errorText(t));
      }
    }
    return live;
  }

  private static Live one(Request.Format f, boolean verify) throws Exception {
    Codec codec = Codecs.create(f);
    Object[] inputs = codec.inputs().toArray();
    if (inputs.length == 0) throw new IllegalArgumentException(f.inputFile() + " holds no message");
    Object[] encoded = new Object[inputs.length];
    long t0 = System.nanoTime();
    for (int i = 0; i < inputs.length; i++) encoded[i] = codec.encode(inputs[i]);
    long t1 = System.nanoTime();
    Object[] decoded = new Object[inputs.length];
    for (int i = 0; i < inputs.length; i++) decoded[i] = codec.decode((byte[]) encoded[i]);
    long t2 = System.nanoTime();
    Live l = new Live(f, codec, inputs, encoded);
    l.prior.put(Live.Op.ENCODE, Math.max(1.0, (t1 - t0) / (double) inputs.length));
    l.prior.put(Live.Op.DECODE, Math.max(1.0, (t2 - t1) / (double) inputs.length));
    if (verify) {
      List<String> b64 = new ArrayList<>(inputs.length);
      List<JsonNode> back = new ArrayList<>(inputs.length);
      for (int i = 0; i < inputs.length; i++) {
        b64.add(Base64.getEncoder().encodeToString((byte[]) encoded[i]));
        back.add(codec.toInputShape(decoded[i]));
      }
      Out.send(Out.msg("type", "verified", "id", f.id(), "encoded", b64, "decoded", back, "notes", codec.notes()));
    }
    return l;
  }
}
