package wirebench.harness;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One format's codec as an application holds it: native objects in, bytes out, and back. Built once
 * from the format's input file, outside timing. Public: the timed loops that call it are defined by
 * class loaders of their own (see Loops), and a package-private type is invisible across loaders.
 */
public interface Codec {
  /** The messages as the library's native objects (one per message of the input file). */
  List<Object> inputs();

  /** Native object to bytes, as an application calls the library. */
  byte[] encode(Object message) throws Exception;

  /** Bytes to the library's native object. */
  Object decode(byte[] bytes) throws Exception;

  /** A decoded message as lossless JSON in the input file's shape, for the parent's fidelity check. */
  JsonNode toInputShape(Object decoded) throws Exception;

  /** The library's choices worth telling the user (which API, which object model). */
  List<String> notes();
}
