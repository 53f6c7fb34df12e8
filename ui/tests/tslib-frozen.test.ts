import { describe, expect, it } from 'vitest';
import { __extends } from '../src/lib/screens/history/tslib-frozen';

describe('__extends for a frozen Object.prototype', () => {
  it('inherits like tslib, without an enumerable constructor', () => {
    function Base(this: { x: number }) {
      this.x = 1;
    }
    Base.prototype.hello = function () {
      return 'hi';
    };
    (Base as unknown as { make: () => string }).make = () => 'static';
    function Child(this: { x: number }) {
      Base.call(this);
    }
    __extends(Child, Base);
    Child.prototype.own = 2;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const c = new (Child as any)();
    expect(c).toBeInstanceOf(Child);
    expect(c).toBeInstanceOf(Base);
    expect(c.hello()).toBe('hi');
    expect(c.constructor).toBe(Child);
    expect((Child as unknown as { make: () => string }).make()).toBe('static');
    const names: string[] = [];
    for (const n in Child.prototype) names.push(n);
    expect(names).not.toContain('constructor');
    expect(() => __extends(Child, 3)).toThrow(TypeError);
  });
});
