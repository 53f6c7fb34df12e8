// Wording of the core's data (kinds, numbers, schedules) through the catalogues: the one place
// where the UI turns a view into words. Pure functions; pass `t` (or `translate` bound to a locale).
export type { Tr } from './types';
export * from './days';
export * from './locks';
export * from './people';
export * from './history';
