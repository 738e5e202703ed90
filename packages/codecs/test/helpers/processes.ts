import { readdirSync, readFileSync } from "node:fs";

/** Live (not zombie) processes whose command line is exactly `argv`. */
export function processesRunning(argv: string[]): number[] {
  const wanted = `${argv.join("\0")}\0`;
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, "utf8");
        const state = stat.slice(stat.lastIndexOf(")") + 2)[0];
        return state !== "Z" && readFileSync(`/proc/${d}/cmdline`, "utf8") === wanted;
      } catch {
        return false;
      }
    })
    .map(Number);
}
