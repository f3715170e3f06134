import Plotly from 'plotly.js-basic-dist-min';
import createPlotlyComponent from 'react-plotly.js/factory';

/**
 * react-plotly.js bound to plotly.js's basic bundle (bar, scatter and pie traces), the
 * smallest one with bar charts. Loaded only through `Chart`, as its own chunk.
 */
const Plot = createPlotlyComponent(Plotly);

export default Plot;
