import { seededRandom } from "./seeded-random.ts";

/** One record of the C# study's Video model (DESIGN.md §11), field names as the study spells them. */
export interface VideoRecord {
  VideoId: string;
  Url: string;
  Channel: { Name: string; Subscribers: number; ChannelId: string };
  SocialInfo: { Likes: number; Dislikes: number; Views: number; Comments: string[] };
  VideoInfo: { Duration: number; Description: string; Size: number; Qualities: string[] };
}

const WORDS = "wire format bytes schema latency proto avro json fast small video stream".split(" ");
const QUALITIES = ["Q240P", "Q360P", "Q480P", "Q720P", "Q1080P", "Q2160P"];

/**
 * Seeded Video records, one per call: the sample benchmarks state the study's targets for (the time
 * to result's 10 KB Video sample, the transport bench's pages). Field ranges as the study gives
 * them: Url 80–100 chars, channel names 10–80, 1–10 comments of 5–300 chars, descriptions 50–1000,
 * sizes up to 1 TB. The same seed gives the same records in every run and checkout.
 */
export function videoRecords(seed: number): () => VideoRecord {
  const rand = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const text = (lo: number, hi: number) => {
    const n = int(lo, hi);
    let s = "";
    while (s.length < n) s += `${WORDS[int(0, WORDS.length - 1)]} `;
    return s.slice(0, n);
  };
  const hex = (n: number) => Array.from({ length: n }, () => int(0, 15).toString(16)).join("");
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
  return () => ({
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
      Qualities: QUALITIES.filter(() => rand() < 0.5),
    },
  });
}
