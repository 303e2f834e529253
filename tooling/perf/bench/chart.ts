import { GOALS, sizeLabel, type TargetResult } from './goals.js';

/*
 * docs/benchmarks.svg, drawn by hand (no dependency): two panels of grouped bars, one group
 * per scenario and one bar per catalogue size — the API's p99 latency (log scale, with the
 * p99-growth limit marked), and the API's throughput as a share of the raw server's (log scale,
 * with the 0.6 goal line).
 */

const WIDTH = 1000;
const PANEL_HEIGHT = 290;
const LEFT = 64;
const RIGHT = 16;
const COLORS = ['#9ecae1', '#4292c6', '#08519c', '#f16913', '#74c476', '#807dba'];

interface Series {
  name: string;
  color: string;
  values: (number | null)[];
}

interface Panel {
  title: string;
  groups: string[];
  series: Series[];
  log: boolean;
  /** The axis' lowest value: 0, or on a log scale 1 unless said. */
  min?: number;
  max: number;
  ticks: number[];
  format: (v: number) => string;
  /** Horizontal reference lines across the panel. */
  lines: { value: number; label: string; color: string }[];
  /** A short marker per group (and per series index), e.g. each scenario's limit. */
  marks?: { group: number; value: number; label: string }[];
}

const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const fmt = (v: number) => (Math.round(v * 10) / 10).toString();

function drawPanel(panel: Panel, top: number): string {
  const plotTop = top + 44;
  // Room below for the scenario names, written slanted so that 17 of them fit side by side.
  const plotBottom = top + PANEL_HEIGHT - 70;
  const height = plotBottom - plotTop;
  const min = panel.min ?? (panel.log ? 1 : 0);
  const y = (v: number) => {
    const clamped = Math.max(min, Math.min(panel.max, v));
    const share = panel.log
      ? (Math.log10(clamped) - Math.log10(min)) / (Math.log10(panel.max) - Math.log10(min))
      : (clamped - min) / (panel.max - min || 1);
    return plotBottom - share * height;
  };
  const plotWidth = WIDTH - LEFT - RIGHT;
  const groupWidth = plotWidth / Math.max(panel.groups.length, 1);
  const barWidth = Math.min(22, (groupWidth - 14) / Math.max(panel.series.length, 1));
  const out: string[] = [];
  out.push(`<text x="${LEFT}" y="${top + 18}" class="title">${esc(panel.title)}</text>`);
  // Legend
  let lx = LEFT;
  for (const s of panel.series) {
    out.push(`<rect x="${lx}" y="${top + 27}" width="12" height="12" fill="${s.color}"/>`);
    out.push(`<text x="${lx + 16}" y="${top + 37}" class="small">${esc(s.name)}</text>`);
    lx += 24 + s.name.length * 6.6;
  }
  // Axis and grid
  for (const t of panel.ticks) {
    const ty = y(t);
    out.push(`<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${ty}" y2="${ty}" class="grid"/>`);
    out.push(`<text x="${LEFT - 6}" y="${ty + 4}" class="small" text-anchor="end">${esc(panel.format(t))}</text>`);
  }
  out.push(`<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${plotBottom}" y2="${plotBottom}" class="axis"/>`);
  panel.groups.forEach((group, g) => {
    const gx = LEFT + g * groupWidth;
    const start = gx + (groupWidth - barWidth * panel.series.length) / 2;
    panel.series.forEach((s, i) => {
      const v = s.values[g];
      if (v === null || v === undefined) return;
      const bx = start + i * barWidth;
      const by = y(v);
      out.push(
        `<rect x="${bx.toFixed(1)}" y="${by.toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" ` +
          `height="${Math.max(0.5, plotBottom - by).toFixed(1)}" fill="${s.color}"><title>${esc(
            `${group} — ${s.name}: ${panel.format(v)}`,
          )}</title></rect>`,
      );
    });
    for (const mark of panel.marks?.filter((m) => m.group === g) ?? []) {
      const my = y(mark.value);
      out.push(
        `<line x1="${start - 3}" x2="${start + barWidth * panel.series.length + 1}" y1="${my}" y2="${my}" class="mark">` +
          `<title>${esc(mark.label)}</title></line>`,
      );
    }
    const tx = (gx + groupWidth / 2 + 4).toFixed(1);
    out.push(
      `<text x="${tx}" y="${plotBottom + 14}" class="small" text-anchor="end" transform="rotate(-30 ${tx} ${plotBottom + 14})">${esc(group)}</text>`,
    );
  });
  for (const line of panel.lines) {
    const ly = y(line.value);
    out.push(
      `<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${ly}" y2="${ly}" stroke="${line.color}" stroke-width="1.5" stroke-dasharray="6 4"/>`,
    );
    out.push(
      // Below its line when the line is below parity, so the two labels do not overlap.
      `<text x="${WIDTH - RIGHT - 4}" y="${line.value < 1 ? ly + 12 : ly - 4}" class="small" text-anchor="end" fill="${line.color}">${esc(line.label)}</text>`,
    );
  }
  return out.join('\n');
}

function niceLogMax(values: number[]): number {
  const max = Math.max(10, ...values);
  return 10 ** Math.ceil(Math.log10(max * 1.05));
}

export function renderChart(targets: TargetResult[], caption: string): string {
  const keys = targets[0]?.scenarios.map((s) => s.key) ?? [];
  const labels = keys.map((k) => targets[0]?.scenarios.find((s) => s.key === k)?.label ?? k);
  const series: Series[] = targets.map((t, i) => ({
    name: sizeLabel(t.engine, t.size),
    color: COLORS[i % COLORS.length] ?? '#888',
    values: keys.map((k) => t.scenarios.find((s) => s.key === k)?.api.p99 ?? null),
  }));
  const p99Max = niceLogMax(series.flatMap((s) => s.values.filter((v): v is number => v !== null)));
  const pg = targets.filter((t) => t.engine === 'postgres').sort((a, b) => a.size - b.size);
  const smallest = pg[0];
  const marks =
    pg.length > 1 && smallest
      ? keys.flatMap((k, g) => {
          const s = smallest.scenarios.find((x) => x.key === k);
          return s?.catalogue
            ? [{ group: g, value: GOALS.p99Growth * Math.max(1, s.api.p99), label: `limit at the largest size` }]
            : [];
        })
      : [];
  const ticks: number[] = [];
  for (let t = 1; t <= p99Max; t *= 10) ticks.push(t);
  const latency: Panel = {
    title: `API p99 latency per scenario (ms, log scale) — black ticks: ${GOALS.p99Growth}× the p99 at the smallest PostgreSQL size`,
    groups: labels,
    series,
    log: true,
    max: p99Max,
    ticks,
    format: fmt,
    lines: [],
    marks,
  };

  const ratioSeries: Series[] = pg.map((t) => ({
    name: sizeLabel(t.engine, t.size),
    color: COLORS[targets.indexOf(t) % COLORS.length] ?? '#888',
    values: keys.map((k) => {
      const s = t.scenarios.find((x) => x.key === k);
      return s?.raw && s.raw.rps > 0 ? s.api.rps / s.raw.rps : null;
    }),
  }));
  // Log scale from 0.1×: a cached answer can run at hundreds of times the raw server's rate.
  const ratioValues = ratioSeries.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const ratioMax = 10 ** Math.max(1, Math.ceil(Math.log10(Math.max(1, ...ratioValues) * 1.05)));
  const ratioTicks: number[] = [];
  for (let t = 0.1; t <= ratioMax * 1.001; t *= 10) ratioTicks.push(Number(t.toPrecision(1)));
  const ratio: Panel = {
    title: "API requests/s as a share of the raw node:http + pg server's (same SQL, same pool; log scale)",
    groups: labels,
    series: ratioSeries,
    log: true,
    min: 0.1,
    max: ratioMax,
    ticks: ratioTicks,
    format: (v) => (v >= 10 ? v.toFixed(0) : v.toFixed(1)),
    lines: [
      { value: GOALS.rawRatio, label: `goal ${GOALS.rawRatio}×`, color: '#d62728' },
      { value: 1, label: 'parity', color: '#555' },
    ],
  };

  const height = PANEL_HEIGHT * 2 + 36;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif">
<style>
.title { font-size: 14px; font-weight: 600; fill: #222; }
.small { font-size: 11px; fill: #333; }
.grid { stroke: #e3e3e3; stroke-width: 1; }
.axis { stroke: #999; stroke-width: 1; }
.mark { stroke: #111; stroke-width: 2; }
</style>
<rect width="100%" height="100%" fill="#fff"/>
${drawPanel(latency, 0)}
${drawPanel(ratio, PANEL_HEIGHT)}
<text x="${LEFT}" y="${height - 10}" class="small" fill="#666">${esc(caption)}</text>
</svg>
`;
}
