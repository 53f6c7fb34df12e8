// The theme's contrast, computed from the colour values in src/app.css itself (parsed, not
// copied): WCAG 1.4.3 text >= 4.5:1 and WCAG 1.4.11 non-text (panel edges, the selected row's
// edge, the focus ring, chart marks) >= 3:1, in the light and the dark theme.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, parseThemes, zoomSlider, type Tokens } from '../src/lib/theme';

const css = readFileSync(new URL('../src/app.css', import.meta.url), 'utf8');
const historyDir = new URL('../src/lib/screens/history/', import.meta.url);
const historySources = Object.fromEntries(
  readdirSync(historyDir)
    .filter((f) => f.endsWith('.svelte'))
    .map((f) => [f, readFileSync(new URL(f, historyDir), 'utf8')]),
);
const themes = parseThemes(css);

/** [foreground, background, minimum ratio, what it is]. */
const PAIRS: [string, string, number, string][] = [
  // Text on every surface it is put on.
  ...(['bg', 'surface', 'surface-2', 'selected-bg', 'accent-soft'] as const).map(
    (b) => ['text', b, 4.5, `text on ${b}`] as [string, string, number, string],
  ),
  ...(['bg', 'surface', 'surface-2', 'selected-bg'] as const).map(
    (b) => ['muted', b, 4.5, `secondary text on ${b}`] as [string, string, number, string],
  ),
  ['accent', 'surface', 4.5, 'links and link buttons'],
  ['accent', 'bg', 4.5, 'links on the page background'],
  ['accent', 'accent-soft', 4.5, 'accent badge'],
  ['accent-text', 'accent', 4.5, 'primary button'],
  ['danger', 'surface', 4.5, 'error text'],
  ['danger', 'danger-soft', 4.5, 'danger badge'],
  ['danger-text', 'danger', 4.5, 'solid danger button'],
  ['warn', 'surface', 4.5, 'warning text'],
  ['warn', 'warn-soft', 4.5, 'warning badge'],
  ['ok', 'surface', 4.5, 'success text'],
  ['ok', 'ok-soft', 4.5, 'success badge'],
  // Non-text: what tells a panel, a control or the selected row from what is around it.
  ['border', 'bg', 3, 'panel edge on the page background'],
  ['border', 'surface', 3, 'field and button edge on a panel'],
  ['border', 'surface-2', 3, 'edge on a raised part of a panel'],
  ['selected-edge', 'surface', 3, 'selected row edge against the table'],
  ['selected-edge', 'selected-bg', 3, 'selected row edge against its own row'],
  ['focus', 'bg', 3, 'focus ring on the page background'],
  ['focus', 'surface', 3, 'focus ring on a panel'],
  ['focus', 'surface-2', 3, 'focus ring on a raised part or a hovered row'],
  ['focus', 'selected-bg', 3, 'focus ring inside the selected row'],
  ['chart-1', 'surface', 3, 'chart bars'],
  ['chart-2', 'surface', 3, 'second chart series'],
  ['chart-1', 'chart-low', 3, 'heat map: busiest against emptiest'],
];

function ratios(t: Tokens) {
  // A missing token counts as no contrast at all (1:1).
  return PAIRS.map(([fg, bg, min, what]) => {
    const ratio = t[fg] && t[bg] ? contrastRatio(t[fg], t[bg]) : 1;
    return { what, fg, bg, min, ratio };
  });
}

describe('contrast ratio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
  });
});

describe('the stylesheet has both themes', () => {
  it('parses a light and a dark value for each colour', () => {
    for (const name of ['bg', 'surface', 'border', 'text', 'selected-edge', 'chart-1']) {
      expect(themes.light[name]).toMatch(/^#[0-9a-f]{6}$/i);
      expect(themes.dark[name]).toMatch(/^#[0-9a-f]{6}$/i);
      if (name !== 'chart-1') expect(themes.dark[name]).not.toBe(themes.light[name]);
    }
  });
});

for (const name of ['light', 'dark'] as const) {
  describe(`${name} theme`, () => {
    it.each(ratios(themes[name]).map((r) => [r.what, r] as const))('%s', (_what, r) => {
      expect(
        r.ratio,
        `--${r.fg} on --${r.bg}: ${r.ratio.toFixed(2)}:1 < ${r.min}:1`,
      ).toBeGreaterThanOrEqual(r.min);
    });
    it('a panel stands apart from the page background', () => {
      // Not a WCAG rule (the edge carries the 3:1): the fill differs visibly too.
      expect(contrastRatio(themes[name].surface, themes[name].bg)).toBeGreaterThanOrEqual(1.1);
    });
  });
}

describe('charts take their colours from the theme', () => {
  it('no fixed colour in the history screens', () => {
    expect(Object.keys(historySources).length).toBeGreaterThan(3);
    for (const [f, text] of Object.entries(historySources)) {
      const src = text.replace(/<style[\s\S]*<\/style>/, '');
      expect(src.match(/#[0-9a-f]{3,8}\b|rgba?\(/gi), f).toBeNull();
    }
  });
});

// The measured figures, for the record: VITE_THEME_FIGURES=1 npx vitest run tests/theme.test.ts
if (import.meta.env.VITE_THEME_FIGURES)
  for (const name of ['light', 'dark'] as const)
    for (const r of ratios(themes[name]))
      console.log(`${name}\t${r.ratio.toFixed(2)}\t${r.fg} on ${r.bg}`);

describe('zoom slider', () => {
  it('takes every colour from the theme (ECharts defaults are light-only)', () => {
    const c = {
      text: '#t',
      muted: '#m',
      border: '#b',
      divider: '#d',
      surface: '#s',
      surface2: '#s2',
      series1: '#1',
      series2: '#2',
      low: '#l',
    };
    const theme = new Set([...Object.values(c), 'transparent']);
    const colours: string[] = [];
    const walk = (v: unknown, key = '') => {
      if (typeof v === 'string' && /color$/i.test(key)) colours.push(v);
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v as Record<string, unknown>)) walk(x, k);
    };
    walk(zoomSlider(c));
    expect(colours.length).toBeGreaterThan(5);
    for (const colour of colours) expect(theme.has(colour), colour).toBe(true);
  });
});
