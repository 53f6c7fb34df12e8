// ECharts with only what the history charts use (modular imports, canvas renderer: no remote
// assets, CSP-friendly). Loaded on demand by Chart.svelte, so it is its own chunk and the app
// starts without it.
import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart } from 'echarts/charts';
// Only the continuous visual map (the heatmap's) and the zoom slider (theme.ts' zoomSlider):
// VisualMapComponent and DataZoomComponent would bring their piecewise and inside variants too.
import {
  GridComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  DataZoomSliderComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  DataZoomSliderComponent,
  CanvasRenderer,
]);

export const init = (el: HTMLElement) => echarts.init(el, undefined, { renderer: 'canvas' });
