package wirebench.harness;

import java.io.IOException;
import java.io.InputStream;

/**
 * Fresh copies of TimedLoop, one per format and operation, each defined by a class loader of its own
 * from the same class file: a class loaded twice is two classes to HotSpot, with separate profiles,
 * so each copy's call site sees one codec and inlines it, as an application's hot loop (or a JMH
 * benchmark's generated loop) does.
 */
final class Loops {
  private static final String NAME = TimedLoop.class.getName();
  private static final byte[] CLASS_FILE = readClassFile();

  private Loops() {}

  static Loop fresh() {
    ClassLoader loader = new ClassLoader(Loops.class.getClassLoader()) {
      @Override
      protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.equals(NAME)) return super.loadClass(name, resolve);
        synchronized (getClassLoadingLock(name)) {
          Class<?> c = findLoadedClass(name);
          return c != null ? c : defineClass(name, CLASS_FILE, 0, CLASS_FILE.length);
        }
      }
    };
    try {
      return (Loop) loader.loadClass(NAME).getConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot copy the timed loop: " + e, e);
    }
  }

  private static byte[] readClassFile() {
    String resource = NAME.replace('.', '/') + ".class";
    try (InputStream in = Loops.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) throw new IllegalStateException(resource + " is not on the classpath");
      return in.readAllBytes();
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + resource + ": " + e, e);
    }
  }
}
