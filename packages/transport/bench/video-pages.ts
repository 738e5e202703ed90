import { seededRandom } from "@wirebench/schemas";

/**
 * Seeded Video-model messages (the C# study's model): each message a page of videos, filled until its
 * minified JSON reaches `targetBytes`. Field ranges as the study gives them: Url 80–100 chars,
 * channel names 10–80, 1–10 comments of 5–300 chars, descriptions 50–1000, sizes up to 1 TB.
 */
export function videoPages(pages: number, targetBytes: number, seed = 15): string {
  const rand = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const words = [
    "wire",
    "format",
    "bytes",
    "schema",
    "latency",
    "proto",
    "avro",
    "json",
    "fast",
    "small",
    "video",
    "stream",
  ];
  const text = (lo: number, hi: number) => {
    const n = int(lo, hi);
    let s = "";
    while (s.length < n) s += `${words[int(0, words.length - 1)]} `;
    return s.slice(0, n);
  };
  const hex = (n: number) => Array.from({ length: n }, () => int(0, 15).toString(16)).join("");
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
  const qualities = ["Q240P", "Q360P", "Q480P", "Q720P", "Q1080P", "Q2160P"];
  const video = () => ({
    VideoId: uuid(),
    Url: `https://videos.example.com/watch/${uuid()}?list=${hex(int(8, 28))}`,
    Channel: { Name: text(10, 80), Subscribers: int(0, 2_000_000_000), ChannelId: uuid() },
    SocialInfo: {
      Likes: int(0, 1e7),
      Dislikes: int(0, 1e6),
      Views: int(0, 2e9),
      Comments: Array.from({ length: int(1, 10) }, () => text(5, 300)),
    },
    VideoInfo: {
      Duration: int(1_000, 36_000_000),
      Description: text(50, 1000),
      Size: int(1e6, 1e12),
      Qualities: qualities.filter(() => rand() < 0.5),
    },
  });
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
