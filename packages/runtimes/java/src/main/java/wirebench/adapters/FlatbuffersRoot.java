package wirebench.adapters;

import com.google.flatbuffers.FlatBufferBuilder;
import java.nio.ByteBuffer;

/**
 * The root table of a .fbs as the FlatBuffers codec calls it. flatc's Java object API has no common
 * interface (`Root.pack(builder, RootT)` is static, `getRootAsRoot(bb).unpack()` per class), so
 * src/definitions/java.ts writes one small class per schema, `wirebench.fbs.Root`, implementing this
 * with direct calls of the generated methods: the JIT inlines them as in an application's code.
 */
public interface FlatbuffersRoot {
  /** `Root.pack(builder, (RootT) object)`: the object API's native object into the builder. */
  int pack(FlatBufferBuilder builder, Object object);

  /** `Root.getRootAsRoot(bytes).unpack()`: a buffer to the object API's native object. */
  Object unpack(ByteBuffer bytes);
}
