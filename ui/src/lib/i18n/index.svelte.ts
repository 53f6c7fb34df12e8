import { en as baseEn, type MessageKey as BaseKey } from './en';
import { ja as baseJa } from './ja';
import { todayEn, type TodayMessageKey } from './today.en';
import { todayJa } from './today.ja';

export type Locale = 'en' | 'ja';
export const LOCALES: Locale[] = ['en', 'ja'];
/** Every key: en.ts and the per-area catalogues merged here (`today.*`). */
export type MessageKey = BaseKey | TodayMessageKey;
type Messages = Record<MessageKey, string>;
const en: Messages = { ...baseEn, ...todayEn };
const ja: Messages = { ...baseJa, ...todayJa };
export const catalogs: Record<Locale, Messages> = { en, ja };
const STORAGE_KEY = 'lockdesk.locale';

/** The saved choice, else the first supported language of `navigator.languages`, else English. */
export function initialLocale(
  saved: string | null,
  languages: readonly string[] | undefined,
): Locale {
  if (saved === 'en' || saved === 'ja') return saved;
  for (const lang of languages ?? []) {
    const base = lang.toLowerCase().split('-')[0];
    if (base === 'ja' || base === 'en') return base;
  }
  return 'en';
}

export function translate(
  locale: Locale,
  key: MessageKey,
  params?: Record<string, string | number>,
): string {
  const msg = catalogs[locale][key] ?? en[key] ?? key;
  if (!params) return msg;
  return msg.replace(/\{(\w+)\}/g, (m, name: string) =>
    name in params ? String(params[name]) : m,
  );
}

function readSaved(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export const i18n = $state<{ locale: Locale }>({
  locale: initialLocale(
    readSaved(),
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  ),
});

export function setLocale(locale: Locale): void {
  i18n.locale = locale;
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    /* storage unavailable: the choice lasts this session */
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Reactive translation: reads `i18n.locale`, so templates update when the language changes. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return translate(i18n.locale, key, params);
}

/** BCP 47 tag for Intl formatting. */
export function intlLocale(): string {
  return i18n.locale === 'ja' ? 'ja-JP' : 'en-GB';
}
