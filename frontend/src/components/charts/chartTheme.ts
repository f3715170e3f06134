/** Colours and type of the charts, matching the interface's palette in styles.css. */
export const CHART_COLORS = {
  accent: '#4f46e5',
  good: '#16a34a',
  warning: '#d97706',
  danger: '#dc2626',
  neutral: '#94a3b8',
  text: '#0f172a',
  muted: '#64748b',
  grid: '#eef0f4',
  line: '#cbd5e1',
} as const;

export const CHART_FONT_FAMILY =
  "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
