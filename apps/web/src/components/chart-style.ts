import type { CSSProperties } from "react";

/**
 * Recharts draws its tooltip with a white background and inherits the page's text colour, so in
 * dark mode it showed light text on white. The page's own colour variables keep it readable in both.
 */
export const chartTooltip: {
  contentStyle: CSSProperties;
  labelStyle: CSSProperties;
  itemStyle: CSSProperties;
} = {
  contentStyle: {
    background: "var(--card)",
    border: "1px solid var(--border)",
    borderRadius: 6,
    color: "var(--fg)",
  },
  labelStyle: { color: "var(--fg)", fontWeight: 600 },
  itemStyle: { color: "var(--fg)" },
};

/** The band behind a hovered bar: Recharts' light grey would glare in dark mode. */
export const barCursor = { fill: "var(--border)", fillOpacity: 0.4 };

/** Colours of one line per format (history and sweep charts), distinct in light and dark mode. */
export const lineColors = [
  "#2563eb",
  "#16a34a",
  "#d97706",
  "#9333ea",
  "#dc2626",
  "#0891b2",
  "#65a30d",
  "#c026d3",
  "#ea580c",
  "#4f46e5",
];
