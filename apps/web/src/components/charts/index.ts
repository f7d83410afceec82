// Reusable chart pieces (recharts 3): an accessible figure with its table, the tooltip box,
// pt-BR formatters and a horizontal ranking chart. Used by the dashboard and the reports.
export * from './chart-figure.tsx';
export * from './chart-format.ts';
export * from './chart-tooltip.tsx';
export * from './cores.ts';
export * from './horizontal-bar-chart.tsx';
