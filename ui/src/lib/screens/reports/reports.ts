// The Reports screen's logic, without Svelte: the add form (fields as typed, checked with the
// core's rules from crates/lockdesk-core/src/reports/definition.rs), the request it sends, the
// core's refusals mapped to their fields, a schedule and a period in words, and the file name a
// report gets (the rule of `file_name` in crates/lockdesk-core/src/reports/write.rs).
import { formatDateTime } from '../../format';
import type {
  ReportAddRequest,
  ReportFormat,
  ReportKind,
  ReportLanguage,
  ReportOutcome,
  Schedule,
} from '../../backend';
import { BackendError, type ErrorCategory, type ErrorCode } from '../../backend/errors';
import { isErrorCode } from '../../errors';
import type { MessageKey } from '../../i18n/en';
import { charCount, type Problem } from '../../validate';
import type { Tr } from '../../words/types';
import { actionWords, clientWords } from '../../words/history';

/** The longest report name, in characters (`REPORT_NAME_MAX` of the core). */
export const NAME_MAX = 100;
/** The days a monthly report may fall on: every month has them. */
export const DAY_RANGE = [1, 28] as const;

export type Kind = ReportKind['kind'];
export const KINDS: readonly Kind[] = [
  'history',
  'timecard',
  'alerts',
  'batteries',
  'journal',
  'access_review',
];
export type Every = Schedule['every'];
export const EVERY: readonly Every[] = ['daily', 'weekly', 'monthly', 'monthly_first_office_day'];
export const FORMATS: readonly ReportFormat[] = ['xlsx', 'csv', 'jsonl'];
export const LANGUAGES: readonly ReportLanguage[] = ['ja', 'en'];
/** Days of the week as the core numbers them (0 = Sunday), listed from Monday. */
export const WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5, 6, 0];

/** The form as typed: numbers and times as text, the locks as chosen. */
/** Which records of a history report: every one, lockings or unlockings. */
export type Action = 'any' | 'locked' | 'unlocked';
export const ACTIONS: readonly Action[] = ['any', 'unlocked', 'locked'];

export interface ReportForm {
  kind: Kind;
  name: string;
  /** History's filters: a person (id, or a piece of a name or address), methods, an action. */
  user: string;
  methods: string[];
  action: Action;
  allLocks: boolean;
  lockIds: string[];
  every: Every;
  at: string;
  weekday: number;
  day: string;
  format: ReportFormat;
  language: ReportLanguage;
  /** The folder's path, as shown (and typed, in the browser tests). */
  folder: string;
  /** The handle the folder dialog answered with it (desktop); empty until chosen. */
  folderHandle: string;
}

export type FormField = 'name' | 'locks' | 'at' | 'weekday' | 'day' | 'folder';
export type FormProblems = Partial<Record<FormField, NonNullable<Problem>>>;

/** A new report's form: every lock, each Monday at 08:00, an Excel workbook. */
export function newForm(name: string, language: ReportLanguage): ReportForm {
  return {
    kind: 'history',
    name,
    user: '',
    methods: [],
    action: 'any',
    allLocks: true,
    lockIds: [],
    every: 'weekly',
    at: '08:00',
    weekday: 1,
    day: '1',
    format: 'xlsx',
    language,
    folder: '',
    folderHandle: '',
  };
}

/** `HH:MM` from 00:00 to 23:59, exactly as the core reads a report's time. */
export function isClock(s: string): boolean {
  const m = /^([0-9]{2}):([0-9]{2})$/.exec(s);
  return !!m && Number(m[1]) <= 23 && Number(m[2]) <= 59;
}

/** A full path: `/…` (macOS, Linux), `C:\…` or `\\server\share…` (Windows). */
export function isFullPath(s: string): boolean {
  return /^(\/|[A-Za-z]:[\\/]|\\\\[^\\]+\\)/.test(s);
}

/** Every problem of the form, by field (empty: the form can be sent). */
export function checkForm(f: ReportForm): FormProblems {
  const out: FormProblems = {};
  const name = f.name.trim();
  if (name === '' || charCount(name) > NAME_MAX || /\p{Cc}/u.test(name))
    out.name = { key: 'reports.invalid.name', params: { max: NAME_MAX } };
  if (hasLocks(f.kind) && !f.allLocks && f.lockIds.length === 0)
    out.locks = { key: 'reports.invalid.locks' };
  if (!isClock(f.at.trim())) out.at = { key: 'reports.invalid.time' };
  if (f.every === 'monthly') {
    const d = f.day.trim();
    if (!/^[0-9]+$/.test(d) || Number(d) < DAY_RANGE[0] || Number(d) > DAY_RANGE[1])
      out.day = { key: 'reports.invalid.day', params: { min: DAY_RANGE[0], max: DAY_RANGE[1] } };
  }
  if (!isFullPath(f.folder.trim())) out.folder = { key: 'reports.invalid.folder' };
  return out;
}

/** The schedule the form describes (its fields assumed checked). */
export function scheduleOf(f: ReportForm): Schedule {
  const at = f.at.trim();
  switch (f.every) {
    case 'daily':
      return { every: 'daily', at };
    case 'weekly':
      return { every: 'weekly', weekday: f.weekday, at };
    case 'monthly':
      return { every: 'monthly', day: Number(f.day.trim()), at };
    case 'monthly_first_office_day':
      return { every: 'monthly_first_office_day', at };
  }
}

/** Whether a kind of report is of chosen locks (the others are of every lock). */
export function hasLocks(kind: Kind): boolean {
  return kind === 'history' || kind === 'timecard';
}

/** What the form's report holds. */
export function whatOf(f: ReportForm): ReportKind {
  const lock_ids = f.allLocks ? [] : [...f.lockIds];
  switch (f.kind) {
    case 'history': {
      const what: ReportKind = { kind: 'history', lock_ids };
      const user = f.user.trim();
      if (user !== '') what.user = user;
      if (f.methods.length > 0) what.kinds = [...f.methods];
      if (f.action !== 'any') what.is_locked = f.action === 'locked';
      return what;
    }
    case 'timecard':
      return { kind: 'timecard', lock_ids };
    case 'alerts':
    case 'batteries':
    case 'journal':
    case 'access_review':
      return { kind: f.kind };
  }
}

const KIND_KEYS: Record<Kind, { kind: MessageKey; name: MessageKey; hint: MessageKey }> = {
  history: {
    kind: 'reports.kind.history',
    name: 'reports.defaultName',
    hint: 'reports.kindHint.history',
  },
  timecard: {
    kind: 'reports.kind.timecard',
    name: 'reports.defaultName.timecard',
    hint: 'reports.kindHint.timecard',
  },
  alerts: {
    kind: 'reports.kind.alerts',
    name: 'reports.defaultName.alerts',
    hint: 'reports.kindHint.alerts',
  },
  batteries: {
    kind: 'reports.kind.batteries',
    name: 'reports.defaultName.batteries',
    hint: 'reports.kindHint.batteries',
  },
  journal: {
    kind: 'reports.kind.journal',
    name: 'reports.defaultName.journal',
    hint: 'reports.kindHint.journal',
  },
  access_review: {
    kind: 'reports.kind.access_review',
    name: 'reports.defaultName.access_review',
    hint: 'reports.kindHint.access_review',
  },
};

/** What a kind of report holds, in a sentence (the form's hint). */
export function kindHint(k: Kind, tr: Tr): string {
  return tr(KIND_KEYS[k].hint);
}

export function kindWords(k: Kind, tr: Tr): string {
  return tr(KIND_KEYS[k].kind);
}

/** The name a new report of this kind starts with. */
export function defaultName(k: Kind, tr: Tr): string {
  return tr(KIND_KEYS[k].name);
}

/** What a report holds, in words: its kind, for history and time card which locks, and a
 * history report's filters (methods, action, person). */
export function whatWords(w: ReportKind, names: Map<string, string>, tr: Tr): string {
  const kind = kindWords(w.kind, tr);
  if (w.kind !== 'history' && w.kind !== 'timecard') return kind;
  const parts = [tr('reports.what.withLocks', { kind, locks: locksWords(w.lock_ids, names, tr) })];
  if (w.kind === 'history') {
    for (const k of w.kinds ?? []) parts.push(clientWords(k, tr));
    if (w.is_locked !== undefined) parts.push(actionWords(w.is_locked, tr));
    if (w.user) parts.push(tr('reports.what.user', { user: w.user }));
  }
  return parts.join(tr('reports.what.separator'));
}

const ACTION_KEYS: Record<Action, MessageKey> = {
  any: 'reports.action.any',
  unlocked: 'reports.action.unlocked',
  locked: 'reports.action.locked',
};

/** An action in words ("Every record", "Unlockings only"…). */
export function actionChoice(a: Action, tr: Tr): string {
  return tr(ACTION_KEYS[a]);
}

/** The request to send, or the problems when the form cannot be sent (nothing is sent then). */
export function toRequest(
  f: ReportForm,
): { ok: true; request: ReportAddRequest } | { ok: false; problems: FormProblems } {
  const problems = checkForm(f);
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    request: {
      name: f.name.trim(),
      what: whatOf(f),
      schedule: scheduleOf(f),
      format: f.format,
      language: f.language,
      folder_handle: f.folderHandle,
    },
  };
}

/** The core's `details.field` of a refused report and the form field it belongs to. */
const SERVER_FIELDS: Record<string, { field: FormField; problem: NonNullable<Problem> }> = {
  name: { field: 'name', problem: { key: 'reports.invalid.name', params: { max: NAME_MAX } } },
  'schedule.at': { field: 'at', problem: { key: 'reports.invalid.time' } },
  'schedule.weekday': { field: 'weekday', problem: { key: 'reports.invalid.weekday' } },
  'schedule.day': {
    field: 'day',
    problem: { key: 'reports.invalid.day', params: { min: DAY_RANGE[0], max: DAY_RANGE[1] } },
  },
  folder: { field: 'folder', problem: { key: 'reports.invalid.folderRefused' } },
  folder_handle: { field: 'folder', problem: { key: 'reports.invalid.folderChoose' } },
  'what.lock_ids': { field: 'locks', problem: { key: 'reports.invalid.lockElsewhere' } },
};

/**
 * A refusal of `reports_add` shown next to its field; null when it belongs to no field of the
 * form (then the whole error is shown under the form).
 */
export function serverProblem(
  err: unknown,
): { field: FormField; problem: NonNullable<Problem> } | null {
  if (!(err instanceof BackendError) || err.category !== 'bad_input') return null;
  return SERVER_FIELDS[err.details.field ?? ''] ?? null;
}

/** The names of the days of the week, 0 = Sunday. */
const WEEKDAY_KEYS: readonly MessageKey[] = [
  'reports.weekday.0',
  'reports.weekday.1',
  'reports.weekday.2',
  'reports.weekday.3',
  'reports.weekday.4',
  'reports.weekday.5',
  'reports.weekday.6',
];

export function weekdayName(day: number, tr: Tr): string {
  return tr(WEEKDAY_KEYS[day] ?? WEEKDAY_KEYS[0]);
}

/** When a report runs and which period it is about: "Every Monday at 08:00, about the 7 days before". */
export function scheduleWords(s: Schedule, tr: Tr): string {
  switch (s.every) {
    case 'daily':
      return tr('reports.when.daily', { at: s.at });
    case 'weekly':
      return tr('reports.when.weekly', { at: s.at, weekday: weekdayName(s.weekday, tr) });
    case 'monthly':
      return tr('reports.when.monthly', { at: s.at, day: s.day });
    case 'monthly_first_office_day':
      return tr('reports.when.firstOfficeDay', { at: s.at });
  }
}

const EVERY_KEYS: Record<Every, MessageKey> = {
  daily: 'reports.every.daily',
  weekly: 'reports.every.weekly',
  monthly: 'reports.every.monthly',
  monthly_first_office_day: 'reports.every.firstOfficeDay',
};

/** The choice of the schedule's kind in the form. */
export function everyWords(e: Every, tr: Tr): string {
  return tr(EVERY_KEYS[e]);
}

const LANGUAGE_KEYS: Record<ReportLanguage, MessageKey> = {
  ja: 'reports.language.ja',
  en: 'reports.language.en',
};

export function languageWords(l: ReportLanguage, tr: Tr): string {
  return tr(LANGUAGE_KEYS[l]);
}

/** A report's format, in the words of History's export. */
const FORMAT_KEYS: Record<ReportFormat, MessageKey> = {
  xlsx: 'history.format.xlsx',
  csv: 'history.format.csv',
  jsonl: 'history.format.jsonl',
};

export function formatWords(f: ReportFormat, tr: Tr): string {
  return tr(FORMAT_KEYS[f]);
}

/** Which locks: every lock, or how many and their names (ids of locks not listed as they are). */
export function locksWords(lockIds: readonly string[], names: Map<string, string>, tr: Tr): string {
  if (lockIds.length === 0) return tr('reports.what.all');
  const shown = lockIds.map((id) => names.get(id) || id);
  return tr(lockIds.length === 1 ? 'reports.what.one' : 'reports.what.some', {
    count: lockIds.length,
    names: shown.join(tr('reports.nameSeparator')),
  });
}

/** A day `YYYY-MM-DD` as a Date at noon UTC (no zone can move it to another day). */
function utcDay(s: string): Date {
  return new Date(`${s}T12:00:00Z`);
}

/**
 * A period label of the core in words: a day (`2026-11-24`), seven days
 * (`2026-11-16_2026-11-22`) or a month (`2026-10`, "October 2026", "2026年10月").
 */
export function periodWords(label: string, locale: string, tr: Tr): string {
  const day = (s: string) =>
    new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    }).format(utcDay(s));
  let m = /^(\d{4}-\d{2}-\d{2})_(\d{4}-\d{2}-\d{2})$/.exec(label);
  if (m) return tr('reports.period.range', { from: day(m[1]), to: day(m[2]) });
  if (/^\d{4}-\d{2}-\d{2}$/.test(label)) return day(label);
  m = /^(\d{4}-\d{2})$/.exec(label);
  if (m)
    return new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(utcDay(`${m[1]}-01`));
  return label;
}

/** The calendar day of `d` in this computer's zone, `YYYY-MM-DD`. */
export function localDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/**
 * The label of the period a report of schedule `s` wrote last, as of the calendar day `today`
 * (`YYYY-MM-DD`), for the file name's example. Its time of day and office days are left out:
 * the list shows the period the core says is due.
 */
export function examplePeriod(s: Schedule, today: string): string {
  const t = utcDay(today);
  switch (s.every) {
    case 'daily':
      return iso(addDays(t, -1));
    case 'weekly': {
      const due = addDays(t, -((t.getUTCDay() - s.weekday + 7) % 7));
      return `${iso(addDays(due, -7))}_${iso(addDays(due, -1))}`;
    }
    case 'monthly':
    case 'monthly_first_office_day': {
      // The month of the last due day, then the month before it.
      const back = s.every === 'monthly' && t.getUTCDate() < s.day ? 2 : 1;
      const first = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - back, 1, 12));
      return iso(first).slice(0, 7);
    }
  }
}

/** The file a report writes: `<name>_<period>.<ext>`, as the core names it. */
export function fileName(name: string, period: string, format: ReportFormat): string {
  const safe = [...name.trim()]
    .map((c) => (/\p{Cc}/u.test(c) || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .replace(/^[. ]+|[. ]+$/g, '');
  return `${safe}_${period}.${format}`;
}

/** The last part of a path, Windows or not. */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

/**
 * What became of Run now, in words (a failure is shown as an error notice: `outcomeError`).
 * `null` for a failure.
 */
export function outcomeText(
  o: ReportOutcome,
  numbers: Intl.NumberFormat,
): { key: MessageKey; params: Record<string, string | number> } | null {
  switch (o.kind) {
    case 'written':
      return o.archive_until === null
        ? {
            key: 'reports.outcome.written',
            params: { file: o.file, records: numbers.format(o.records) },
          }
        : {
            key: 'reports.outcome.writtenIncomplete',
            params: {
              file: o.file,
              records: numbers.format(o.records),
              time: formatDateTime(o.archive_until, numbers.resolvedOptions().locale),
            },
          };
    case 'already_written':
      return { key: 'reports.outcome.alreadyWritten', params: { file: o.file } };
    case 'busy':
      return { key: 'reports.outcome.busy', params: {} };
    case 'other_organization':
      return { key: 'reports.outcome.otherOrganization', params: {} };
    case 'failed':
      return null;
  }
}

/**
 * The category of a failed run's code, for the error notice's advice. A run fails on this
 * computer (the folder, the disk, the archive, the settings: `local_file` in the core's
 * crates/lockdesk-core/src/error/code.rs); the sync before it reports its own failure apart.
 */
const RUN_CATEGORIES: Partial<Record<string, ErrorCategory>> = {
  internal: 'internal',
  sync_running: 'busy',
  renewal_busy: 'busy',
  no_organization: 'organization',
  organization_required: 'organization',
};

/** A failed run as the error the notice shows, worded from its code (never its message). */
export function outcomeError(code: string): BackendError {
  // An unknown code (a newer core) is named by itself in the notice.
  return new BackendError({
    code: code as ErrorCode,
    category: (isErrorCode(code) && RUN_CATEGORIES[code]) || 'local_file',
    message: '',
    details: {},
  });
}
