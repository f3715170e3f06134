import { Chart } from './Chart';
import { barFigure, type Bar, type BarFigureOptions } from './barFigure';

interface BarChartProps extends BarFigureOptions {
  label: string;
  bars: Bar[];
}

/** A bar chart with labels cut at 14 characters and full names on hover. */
export function BarChart({ label, bars, ...options }: BarChartProps) {
  const figure = barFigure(bars, options);
  return <Chart label={label} data={figure.data} layout={figure.layout} height={figure.height} />;
}
