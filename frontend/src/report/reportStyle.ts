/** The report's own stylesheet, inlined: system fonts only, SPEC §9's metric colours. */
export const REPORT_CSS = `
:root { color-scheme: light; }
body { margin: 0; background: #f6f7fb; color: #0f172a;
  font: 15px/1.5 ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
main { max-width: 960px; margin: 0 auto; padding: 32px 20px 48px; }
header p, .note { color: #526071; }
section { overflow-x: auto; background: #fff; border: 1px solid #e2e8f0; border-radius: 12px; padding: 20px 24px; margin: 20px 0; }
h1 { font-size: 28px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 0 0 12px; }
h3 { font-size: 16px; margin: 16px 0 8px; }
dl { display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 8px 16px; margin: 0; }
dl div { border: 1px solid #e2e8f0; border-radius: 8px; padding: 8px 12px; }
dt { color: #526071; font-size: 13px; }
dd { margin: 0; font-weight: 600; font-size: 17px; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; margin: 8px 0; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #e2e8f0; padding: 6px 10px; text-align: left; vertical-align: top; }
td { overflow-wrap: anywhere; }
th { word-break: normal; overflow-wrap: normal; hyphens: manual; }
thead th { background: #f1f5f9; font-size: 13px; }
.table-wrap { overflow-x: auto; }
td.good, td.fair, td.poor, td.neutral { white-space: nowrap; }
td.good { background: #dcfce7; color: #15803d; font-weight: 600; }
td.fair { background: #fef3c7; color: #b45309; font-weight: 600; }
td.poor { background: #fee2e2; color: #b91c1c; font-weight: 600; }
.quality { height: 8px; border-radius: 4px; background: #e2e8f0; overflow: hidden; margin-top: 6px; }
.quality span { display: block; height: 100%; }
.quality .good { background: #16a34a; } .quality .fair { background: #d97706; } .quality .poor { background: #dc2626; }
ol { padding-left: 22px; }
figure { margin: 16px 0; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-weight: 600; margin-bottom: 4px; }
pre { background: #0f172a; color: #f8fafc; padding: 14px 16px; border-radius: 8px; overflow-x: auto; font-size: 13px; }
footer { color: #526071; font-size: 13px; text-align: center; }
`;
