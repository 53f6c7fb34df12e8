// The keyboard model shared by the Locks, Users and Invitations tables: ↑/↓ move through the
// rows, Enter opens the row's drawer, Esc closes it, `/` focuses the screen's search.
// Pure: the screens turn the answer into focus and state changes.

export type TableKeyAction =
  | { kind: 'move'; index: number }
  | { kind: 'open'; index: number }
  | { kind: 'close' }
  | { kind: 'search' }
  | { kind: 'none' };

/**
 * What a key does on a table of `count` rows whose row `index` has focus (-1: none).
 * `typing`: the key was pressed in a text field, where only Esc belongs to the table.
 */
export function tableKey(
  key: string,
  index: number,
  count: number,
  typing = false,
  drawerOpen = false,
): TableKeyAction {
  if (key === 'Escape') return drawerOpen ? { kind: 'close' } : { kind: 'none' };
  if (typing) return { kind: 'none' };
  if (key === '/') return { kind: 'search' };
  if (count === 0) return { kind: 'none' };
  switch (key) {
    case 'ArrowDown':
      return { kind: 'move', index: index < 0 ? 0 : Math.min(index + 1, count - 1) };
    case 'ArrowUp':
      return { kind: 'move', index: index < 0 ? 0 : Math.max(index - 1, 0) };
    case 'Home':
      return { kind: 'move', index: 0 };
    case 'End':
      return { kind: 'move', index: count - 1 };
    case 'Enter':
      return index >= 0 ? { kind: 'open', index } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

/** Whether a key event comes from a place where typing goes (inputs, selects, editables). */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  const tag = el.tagName.toLowerCase();
  return tag === 'input' || tag === 'textarea' || tag === 'select' || el.isContentEditable === true;
}

/** The index of the row element `el` among `rows` (-1 when it is none of them). */
export function rowIndex(rows: ArrayLike<Element>, el: Element | null): number {
  for (let i = 0; i < rows.length; i++) if (rows[i] === el || rows[i].contains(el)) return i;
  return -1;
}
