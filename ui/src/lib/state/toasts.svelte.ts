import type { MessageKey } from '../i18n/en';

/** A toast's words: a message key (worded in the language shown now) or ready text. */
export type ToastMessage = string | { key: MessageKey; params?: Record<string, string | number> };

export interface Toast {
  id: number;
  message: ToastMessage;
  kind: 'ok' | 'error' | 'info';
}

export const toasts = $state<Toast[]>([]);
let next = 1;

export function toast(message: ToastMessage, kind: Toast['kind'] = 'ok', ms = 4000): void {
  const id = next++;
  // One at a time: the newest replaces the one shown, so toasts never stack over the work.
  toasts.splice(0, toasts.length, { id, message, kind });
  setTimeout(() => dismiss(id), ms);
}

export function dismiss(id: number): void {
  const i = toasts.findIndex((t) => t.id === id);
  if (i >= 0) toasts.splice(i, 1);
}

/** The text of a toast, given the translate function of the language shown now. */
export function toastText(
  message: ToastMessage,
  translate: (key: MessageKey, params?: Record<string, string | number>) => string,
): string {
  return typeof message === 'string' ? message : translate(message.key, message.params);
}
