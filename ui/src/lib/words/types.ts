import type { MessageKey } from '../i18n/en';

/** A translation function: `t` from i18n in components, `translate` bound to a locale in tests. */
export type Tr = (key: MessageKey, params?: Record<string, string | number>) => string;
