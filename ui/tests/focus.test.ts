// Tab inside a modal (src/lib/focus.ts): the browser steps between the elements, and only the
// ends (and a focus outside) are sent round by hand.
import { describe, expect, it } from 'vitest';
import { wrapIndex } from '../src/lib/focus';

describe('Tab inside a modal', () => {
  it('goes round from the last element to the first, and back', () => {
    expect(wrapIndex(2, 3, false)).toBe(0);
    expect(wrapIndex(0, 3, true)).toBe(2);
  });
  it('leaves the steps in between to the browser', () => {
    expect(wrapIndex(0, 3, false)).toBeNull();
    expect(wrapIndex(2, 3, true)).toBeNull();
  });
  it('brings focus from outside in at the first element, or the last going back', () => {
    expect(wrapIndex(-1, 3, false)).toBe(0);
    expect(wrapIndex(-1, 3, true)).toBe(2);
  });
  it('keeps a lone element, and has nowhere to go without one', () => {
    expect(wrapIndex(0, 1, false)).toBe(0);
    expect(wrapIndex(0, 1, true)).toBe(0);
    expect(wrapIndex(-1, 0, false)).toBeNull();
  });
});
