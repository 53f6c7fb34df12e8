// ECharts and zrender import one helper from tslib, `__extends`, whose `this.constructor = d`
// throws once Object.prototype is frozen (the "override mistake": an inherited read-only
// property cannot be shadowed by assignment). The app runs with Tauri's `freezePrototype`, so
// the build points `tslib` here: the same inheritance, with `constructor` defined, not assigned,
// and not enumerable (as in a native class), since ECharts copies a prototype's enumerable names
// onto plain objects (`for (n in proto) obj[n] = ...`), which fails for `constructor` too.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctor = any;

export function __extends(d: Ctor, b: Ctor): void {
  if (typeof b !== 'function' && b !== null)
    throw new TypeError(`Class extends value ${String(b)} is not a constructor or null`);
  Object.setPrototypeOf(d, b);
  d.prototype = Object.create(b === null ? null : b.prototype, {
    constructor: { value: d, writable: true, enumerable: false, configurable: true },
  });
}
