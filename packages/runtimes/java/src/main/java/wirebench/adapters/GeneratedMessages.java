package wirebench.adapters;

import com.google.protobuf.Descriptors;
import com.google.protobuf.Message;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finds protoc's generated Java class of a message by its proto full name. Where protoc puts a
 * message (outer class, `java_package`, `java_multiple_files`) depends on the .proto's options, so
 * rather than re-implement protoc's naming this scans the compiled classes of the generated folder:
 * every generated message class has a static `getDescriptor()` returning its Descriptor, whose
 * full name is the proto name.
 */
final class GeneratedMessages {
  /** The folder inside a generated dir holding javac's output (src/definitions/java.ts writes it). */
  static final String CLASSES = "classes";

  private GeneratedMessages() {}

  static Message defaultInstance(String generatedDir, String fullName) throws Exception {
    if (generatedDir == null) throw new IllegalArgumentException("protobuf needs generatedDir (protoc --java_out)");
    Path classes = Path.of(generatedDir, CLASSES);
    if (!Files.isDirectory(classes))
      throw new IllegalArgumentException(classes + " does not exist: was the generated code compiled?");
    // Parent first: when the parent also put the folder on the classpath, those classes are used.
    ClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, GeneratedMessages.class.getClassLoader());
    List<String> seen = new ArrayList<>();
    for (String name : classNames(classes)) {
      Class<?> c = Class.forName(name, false, loader);
      if (!Message.class.isAssignableFrom(c) || Modifier.isAbstract(c.getModifiers())) continue;
      Method d = c.getMethod("getDescriptor");
      if (!Modifier.isStatic(d.getModifiers()) || d.getReturnType() != Descriptors.Descriptor.class) continue;
      String found = ((Descriptors.Descriptor) d.invoke(null)).getFullName();
      if (found.equals(fullName)) return (Message) c.getMethod("getDefaultInstance").invoke(null);
      seen.add(found);
    }
    throw new IllegalArgumentException("no generated message " + fullName + " in " + classes + " (found " + seen + ")");
  }

  private static List<String> classNames(Path classes) throws IOException {
    try (Stream<Path> files = Files.walk(classes)) {
      return files
          .filter(p -> p.toString().endsWith(".class"))
          .map(p -> classes.relativize(p).toString())
          .map(s -> s.substring(0, s.length() - ".class".length()).replace('/', '.'))
          .sorted()
          .toList();
    }
  }
}
