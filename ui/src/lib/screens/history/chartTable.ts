// The numbers behind each history chart as a table (rows of cells, the first cell of a row
// naming it): the charts' text alternative for screen readers, and for anyone who wants the
// exact counts. Built from the same series as the charts, so the two cannot disagree.
import type { HourOfWeekCount } from '../../backend';
import { heatmapCells } from './archive';

export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/** Hours down (0–23), weekdays across Monday to Sunday, as the heatmap reads (`days` its rows). */
export function heatmapTable(
  hours: HourOfWeekCount[],
  days: string[],
  words: { hour: string; hourRow: (h: number) => string },
): ChartTable {
  const grid = Array.from({ length: 24 }, () => Array<number>(7).fill(0));
  for (const [hour, row, count] of heatmapCells(hours).cells) grid[hour][row] += count;
  return {
    columns: [words.hour, ...days],
    rows: grid.map((counts, h) => [words.hourRow(h), ...counts]),
  };
}
