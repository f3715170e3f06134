// plotly.js-basic-dist-min ships no types; the factory of react-plotly.js takes it as `unknown`.
declare module 'plotly.js-basic-dist-min' {
  const Plotly: unknown;
  export default Plotly;
}
