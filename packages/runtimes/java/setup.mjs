// The Java runtime's step of `npm run setup` (scripts/lib.mjs, ensureRuntimes): Maven downloads the
// libraries pom.xml pins from Maven Central into .wirebench/m2, builds target/wirebench-java.jar and
// copies the libraries into target/lib (the child's classpath). Stamped by pom.xml and the harness's
// sources, so a second run does nothing. Without java, javac or mvn it says so and returns: the Java
// runtime is then reported unavailable and every other runtime still works.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export async function setup({ root, run, log, onPath, hashOf, stampMatches, writeStamp }) {
  const dir = join(root, "packages", "runtimes", "java");
  const missing = ["java", "javac", "mvn"].filter((bin) => !onPath(bin));
  if (missing.length > 0) {
    log(`Java runtime skipped: ${missing.join(", ")} not on PATH (install OpenJDK 17+ and Maven 3.8+)`);
    return;
  }
  const sources = readdirSync(join(dir, "src"), { recursive: true, encoding: "utf8" })
    .sort()
    .map((f) => join(dir, "src", f))
    .filter((f) => statSync(f).isFile());
  const hash = hashOf(join(dir, "pom.xml"), ...sources);
  const jar = join(dir, "target", "wirebench-java.jar");
  if (existsSync(jar) && stampMatches("java-runtime", hash)) return;

  const repo = join(root, ".wirebench", "m2");
  const mvn = (offline) =>
    run("mvn", ["-q", "-B", "-ntp", ...(offline ? ["-o"] : []), `-Dmaven.repo.local=${repo}`, "package"], {
      cwd: dir,
      allowFailure: true,
    });
  // Once pom.xml's libraries are in .wirebench/m2, rebuilding the harness needs no network (and
  // an offline try on a changed pom.xml would only print Maven's errors before going online).
  const pomHash = hashOf(join(dir, "pom.xml"));
  const offline = existsSync(repo) && stampMatches("java-runtime-pom", pomHash);
  log("building the Java measurement harness (Maven)");
  const ok = (offline && mvn(true)) || mvn(false);
  if (!ok) {
    log("Java runtime skipped: `mvn package` failed (see above); the Java runtime stays unavailable");
    return;
  }
  writeStamp("java-runtime-pom", pomHash);
  writeStamp("java-runtime", hash);
}
