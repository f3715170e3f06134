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

/** The layout every chart shares: transparent background, the interface's type, dark hover labels. */
export const CHART_FRAME = {
  autosize: true,
  paper_bgcolor: 'rgba(0,0,0,0)',
  plot_bgcolor: 'rgba(0,0,0,0)',
  font: { family: CHART_FONT_FAMILY, size: 12, color: CHART_COLORS.muted },
  hoverlabel: {
    font: { family: CHART_FONT_FAMILY, size: 12, color: '#f8fafc' },
    bgcolor: CHART_COLORS.text,
    bordercolor: CHART_COLORS.text,
  },
} as const;
