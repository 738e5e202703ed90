package wirebench.jmh;

import com.google.protobuf.util.JsonFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import wirebench.models.go.AddressbookGo.AddressBook;

/**
 * protobuf-java's `toByteArray()` on one AddressBook (packages/conformance/data/models/
 * addressbook-go.proto), the way a Java developer benchmarks it: JMH, average time per call, the
 * result returned so JMH's Blackhole consumes it. Forks, warm-up and measurement iterations come
 * from the command line (bench/accuracy/java.ts).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ProtobufEncodeBench {
  /** A file holding the message in ProtoJSON (one JSON object). */
  @Param("")
  public String input;

  private AddressBook book;

  @Setup
  public void setup() throws Exception {
    AddressBook.Builder b = AddressBook.newBuilder();
    JsonFormat.parser().merge(Files.readString(Path.of(input)), b);
    book = b.build();
  }

  @Benchmark
  public byte[] toByteArray() {
    return book.toByteArray();
  }
}
