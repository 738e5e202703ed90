import { videoRecords } from "@wirebench/schemas";

/**
 * Pages of seeded Video-model records (see videoRecords), each message a page filled until its
 * minified JSON reaches `targetBytes`.
 */
export function videoPages(pages: number, targetBytes: number, seed = 15): string {
  const video = videoRecords(seed);
  const lines: string[] = [];
  for (let p = 0; p < pages; p++) {
    const videos = [];
    let size = 20;
    while (size < targetBytes) {
      const v = video();
      size += JSON.stringify(v).length + 1;
      videos.push(v);
    }
    lines.push(JSON.stringify({ Page: p, Videos: videos }));
  }
  return `${lines.join("\n")}\n`;
}
