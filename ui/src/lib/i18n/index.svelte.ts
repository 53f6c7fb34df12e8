import { en, type MessageKey, type Messages } from './en';
import { ja } from './ja';

export type Locale = 'en' | 'ja';
export const LOCALES: Locale[] = ['en', 'ja'];
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

/** Parameters that hold a number which is a name, not a quantity: never "8,080" for a port. */
const NOT_QUANTITIES = new Set(['code', 'id', 'port', 'value', 'version', 'year']);

const numberFormats = new Map<Locale, Intl.NumberFormat>();

function numberFormat(locale: Locale): Intl.NumberFormat {
  let f = numberFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(tagOf(locale));
    numberFormats.set(locale, f);
  }
  return f;
}

/** A message with its `{name}` parameters filled in; numbers that count something are grouped
 * as the language writes them ("20,000 people"). */
export function translate(
  locale: Locale,
  key: MessageKey,
  params?: Record<string, string | number>,
): string {
  const msg = catalogs[locale][key] ?? en[key] ?? key;
  if (!params) return msg;
  return msg.replace(/\{(\w+)\}/g, (m, name: string) => {
    if (!(name in params)) return m;
    const v = params[name];
    return typeof v === 'number' && !NOT_QUANTITIES.has(name)
      ? numberFormat(locale).format(v)
      : String(v);
  });
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
function tagOf(locale: Locale): string {
  return locale === 'ja' ? 'ja-JP' : 'en-GB';
}

export function intlLocale(): string {
  return tagOf(i18n.locale);
}

export type { MessageKey };
