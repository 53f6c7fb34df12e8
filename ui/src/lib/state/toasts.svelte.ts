export interface Toast {
  id: number;
  text: string;
  kind: 'ok' | 'error' | 'info';
}

export const toasts = $state<Toast[]>([]);
let next = 1;

export function toast(text: string, kind: Toast['kind'] = 'ok', ms = 4000): void {
  const id = next++;
  // At most three at a time: a burst of actions must not cover the screen.
  while (toasts.length >= 3) toasts.shift();
  toasts.push({ id, text, kind });
  setTimeout(() => dismiss(id), ms);
}

export function dismiss(id: number): void {
  const i = toasts.findIndex((t) => t.id === id);
  if (i >= 0) toasts.splice(i, 1);
}
