/** Samples offered on the upload page: the public corpus files, and small examples typed here. */
export const corpusPresets = ["twitter.json", "citm_catalog.json", "canada.json"] as const;

export const builtInPresets: Record<
  string,
  { label: string; text: string; sampleFormat: "json" | "ndjson" }
> = {
  "order.json": {
    label: "An order (small record)",
    sampleFormat: "json",
    // Written as text: the id is beyond 2^53 and must reach the server exactly.
    text: `{
  "id": 9007199254740993,
  "customer": { "name": "Ada Lovelace", "email": "ada@example.com" },
  "status": "paid",
  "placedAt": "2026-11-22T10:15:00Z",
  "lines": [
    { "sku": "A-100", "qty": 2, "price": 9.99 },
    { "sku": "B-7", "qty": 1, "price": 120.5 }
  ],
  "tags": ["gift", "express"],
  "note": null
}`,
  },
  "events.ndjson": {
    label: "Events (NDJSON)",
    sampleFormat: "ndjson",
    text: [
      '{"ts":"2026-11-22T10:00:00Z","kind":"click","user":17,"x":0.5,"y":0.25}',
      '{"ts":"2026-11-22T10:00:01Z","kind":"view","user":17,"page":"/home"}',
      '{"ts":"2026-11-22T10:00:02Z","kind":"click","user":42,"x":0.75,"y":0.1}',
    ].join("\n"),
  },
};
