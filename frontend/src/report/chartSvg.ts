import { chartSeparators } from '../i18n/format';
import type { Figure } from '../steps/evaluation/evaluationCharts';

/** The part of Plotly the report uses: a figure drawn off screen and read back as SVG. */
interface PlotlyImages {
  toImage(
    figure: { data: Figure['data']; layout: Figure['layout'] },
    options: { format: 'svg'; width: number; height: number },
  ): Promise<string>;
}

const WIDTH_PX = 880;

/** The figure's layout at the report's fixed size, its numbers in the interface language's format. */
export function reportLayout(figure: Figure, language?: string): Figure['layout'] {
  return { ...figure.layout, width: WIDTH_PX, height: figure.height, autosize: false, separators: chartSeparators(language) };
}

/** A figure as an SVG document's text, drawn by Plotly (loaded lazily, as the screens load it). */
export async function chartSvg(figure: Figure): Promise<string> {
  const Plotly = (await import('plotly.js-basic-dist-min')).default as PlotlyImages;
  const url = await Plotly.toImage(
    { data: figure.data, layout: reportLayout(figure) },
    { format: 'svg', width: WIDTH_PX, height: figure.height },
  );
  // a data URL: "data:image/svg+xml," and the SVG, percent-encoded
  return decodeURIComponent(url.slice(url.indexOf(',') + 1));
}
