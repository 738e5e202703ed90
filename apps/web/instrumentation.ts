// Next.js calls register() once when the server starts: check settings and services there.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkStartup } = await import("./src/server/startup-check.ts");
  const report = await checkStartup();
  if (report.fatal) {
    console.error(`[wirebench web] ${report.fatal}`);
    process.exit(1);
  }
  for (const w of report.warnings) console.warn(`[wirebench web] ${w}`);
}
