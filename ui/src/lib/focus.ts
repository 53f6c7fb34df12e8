// Focus for the modals (confirmation, command palette) and the drawers: it moves in when one
// opens, Tab and Shift+Tab go round inside a modal, and it goes back to the opener on close.
// The native <dialog> makes the page behind inert, but what Tab does past its last element is
// the browser's (Chromium leaves for its own toolbar; WebKit differs): the wrap here is ours.

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]',
].join(',');

/** Where Tab (or Shift+Tab) from element `index` of the `count` a modal holds must be sent
 * by hand: round from the last to the first (and back), or in from outside (-1). Null: the
 * browser's own step stays inside. */
export function wrapIndex(index: number, count: number, back: boolean): number | null {
  if (count === 0) return null;
  if (index < 0) return back ? count - 1 : 0;
  if (back && index === 0) return count - 1;
  if (!back && index === count - 1) return 0;
  return null;
}

/** The elements Tab stops at inside `root`, in order (shown, enabled, tabindex not -1). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert]'),
  );
}

/** A keydown handler's part for a modal: Tab and Shift+Tab stay inside `root`. */
export function keepTabInside(e: KeyboardEvent, root: HTMLElement | undefined): void {
  if (e.key !== 'Tab' || !root || e.defaultPrevented) return;
  const els = tabbables(root);
  if (els.length === 0) return e.preventDefault();
  const next = wrapIndex(
    els.indexOf(document.activeElement as HTMLElement),
    els.length,
    e.shiftKey,
  );
  if (next === null) return;
  e.preventDefault();
  els[next].focus();
}

/** The element with focus now: the opener, given back by `restoreFocus` on close. */
export function rememberFocus(): HTMLElement | null {
  const el = document.activeElement;
  return el instanceof HTMLElement && el !== document.body ? el : null;
}

/** Focus back to the opener when it is still on the page; else to the screen's heading, so
 * focus is never left on the page's body (where Tab would start over from the top). */
export function restoreFocus(opener: HTMLElement | null): void {
  if (opener?.isConnected) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  document.querySelector<HTMLElement>('main h1')?.focus();
}

/** Whether focus is lost: on the body, nowhere, or inside `root` (about to be removed). */
export function focusLost(root: HTMLElement | undefined): boolean {
  const el = document.activeElement;
  return !el || el === document.body || (!!root && root.contains(el));
}
