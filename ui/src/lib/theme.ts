// The theme's colour tokens (defined once in src/app.css) as data: parsed from the CSS text for
// the contrast test, read from the live document for the charts.

export type Tokens = Record<string, string>;
export type Themes = { light: Tokens; dark: Tokens };

function declarations(block: string): Tokens {
  const out: Tokens = {};
  for (const m of block.matchAll(/--([\w-]+)\s*:\s*([^;]+);/g)) out[m[1]] = m[2].trim();
  return out;
}

/** The body of the first `{ … }` after `from` (no nested braces inside). */
function blockAfter(css: string, from: number): string {
  const open = css.indexOf('{', from);
  const close = css.indexOf('}', open);
  if (open < 0 || close < 0) throw new Error('unterminated block');
  return css.slice(open + 1, close);
}

/**
 * The light tokens (`:root` outside any media query) and the dark ones (`:root` inside
 * `@media (prefers-color-scheme: dark)`, over the light ones), from the stylesheet's text.
 */
export function parseThemes(css: string): Themes {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const media = text.search(/@media\s*\(prefers-color-scheme:\s*dark\)/);
  if (media < 0) throw new Error('no dark theme in the stylesheet');
  const rootLight = text.search(/(^|\n):root\s*\{/);
  if (rootLight < 0 || rootLight > media) throw new Error('no :root block before the dark theme');
  const light = declarations(blockAfter(text, rootLight));
  const darkRoot = text.indexOf(':root', media);
  const dark = { ...light, ...declarations(blockAfter(text, darkRoot)) };
  return { light, dark };
}

/** #rgb or #rrggbb to [r, g, b] in 0..255. */
export function hexToRgb(hex: string): [number, number, number] {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(h)) throw new Error(`not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The colours the charts use, read from the document's current theme. */
export type ChartColors = {
  text: string;
  muted: string;
  border: string;
  divider: string;
  surface: string;
  surface2: string;
  series1: string;
  series2: string;
  low: string;
};

export function chartColors(el: Element = document.documentElement): ChartColors {
  const s = getComputedStyle(el);
  const v = (name: string) => s.getPropertyValue(`--${name}`).trim();
  return {
    text: v('text'),
    muted: v('muted'),
    border: v('border'),
    divider: v('divider'),
    surface: v('surface'),
    surface2: v('surface-2'),
    series1: v('chart-1'),
    series2: v('chart-2'),
    low: v('chart-low'),
  };
}

/** A slider to zoom a long axis, in the theme's colours (ECharts' own are light-only). */
export function zoomSlider(c: ChartColors) {
  return {
    type: 'slider',
    height: 18,
    bottom: 4,
    textStyle: { color: c.muted },
    borderColor: c.border,
    backgroundColor: c.surface2,
    fillerColor: 'transparent',
    dataBackground: { lineStyle: { color: c.low }, areaStyle: { color: c.low } },
    selectedDataBackground: { lineStyle: { color: c.series1 }, areaStyle: { color: c.series1 } },
    handleStyle: { color: c.surface, borderColor: c.muted },
    moveHandleStyle: { color: c.border },
  };
}

/** Axis colours of the theme, for an ECharts axis. */
export function axisStyle(c: ChartColors) {
  return {
    axisLine: { lineStyle: { color: c.border } },
    axisTick: { lineStyle: { color: c.border } },
    axisLabel: { color: c.muted },
    splitLine: { lineStyle: { color: c.divider } },
  };
}

/** The parts of an ECharts option every chart shares: text and tooltip in the theme's colours. */
export function chartBase(c: ChartColors) {
  return {
    animation: false,
    textStyle: { color: c.text },
    tooltip: {
      backgroundColor: c.surface,
      borderColor: c.border,
      textStyle: { color: c.text },
    },
  };
}
