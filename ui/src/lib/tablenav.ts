// The DOM side of the table keyboard (tablekeys.ts): one window keydown handler per screen.
import { isTyping, rowIndex, tableKey } from './tablekeys';

export interface TableNav {
  /** The table's body rows, in order (`[data-row]` elements under the table). */
  rows: () => HTMLElement[];
  search: () => HTMLElement | null | undefined;
  drawerOpen: () => boolean;
  open: (row: HTMLElement, index: number) => void;
  close: () => void;
}

/** Handles ↑/↓/Home/End, Enter, Esc and `/` for a screen's table; ignores other keys. */
export function onTableKey(e: KeyboardEvent, nav: TableNav): void {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
  // A modal (confirmation, command palette) has the keyboard while it is open.
  if (typeof document !== 'undefined' && document.querySelector('dialog[open]')) return;
  const rows = nav.rows();
  const active = (
    typeof document !== 'undefined' ? document.activeElement : null
  ) as Element | null;
  const inRow = rowIndex(rows, active);
  const onPage = !active || active === document.body;
  // Arrows and Enter belong to the table when a row has focus, or nothing does.
  const rowKeys = ['ArrowDown', 'ArrowUp', 'Home', 'End', 'Enter'];
  if (rowKeys.includes(e.key) && inRow < 0 && !onPage) return;
  const action = tableKey(e.key, inRow, rows.length, isTyping(e.target), nav.drawerOpen());
  switch (action.kind) {
    case 'move':
      rows[action.index]?.focus();
      rows[action.index]?.scrollIntoView({ block: 'nearest' });
      break;
    case 'open':
      nav.open(rows[action.index], action.index);
      break;
    case 'close':
      nav.close();
      break;
    case 'search':
      nav.search()?.focus();
      break;
    case 'none':
      return;
  }
  e.preventDefault();
}
