// The Reports screen's logic: the same limits as the core's ReportDefinition::validate, the
// request built from the form, the core's refusals mapped to their fields, schedules and
// periods in words in both languages, and the file name as the core makes it.
import { describe, expect, it } from 'vitest';
import { BackendError } from '../src/lib/backend/errors';
import { translate } from '../src/lib/i18n/index.svelte';
import {
  baseName,
  checkForm,
  whatWords,
  examplePeriod,
  fileName,
  isClock,
  isFullPath,
  locksWords,
  newForm,
  outcomeError,
  outcomeText,
  periodWords,
  scheduleWords,
  serverProblem,
  toRequest,
  type ReportForm,
} from '../src/lib/screens/reports/reports';

const en = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) =>
  translate('en', k, p);
const ja = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) =>
  translate('ja', k, p);
const form = (over: Partial<ReportForm> = {}): ReportForm => ({
  ...newForm('入退室履歴', 'ja'),
  folder: '/srv/share',
  ...over,
});

describe('the add form', () => {
  it('a new form is every lock, each Monday at 08:00, an Excel workbook, no folder yet', () => {
    const f = newForm('Entry history', 'en');
    expect(f).toMatchObject({ allLocks: true, every: 'weekly', weekday: 1, at: '08:00' });
    expect(f.format).toBe('xlsx');
    expect(Object.keys(checkForm(f))).toEqual(['folder']);
  });

  it('names of 1 to 100 characters, no control characters', () => {
    expect(checkForm(form({ name: '' })).name?.key).toBe('reports.invalid.name');
    expect(checkForm(form({ name: '   ' })).name).toBeDefined();
    expect(checkForm(form({ name: '錠'.repeat(100) })).name).toBeUndefined();
    // Characters as the core counts them: an emoji is one, not two UTF-16 units.
    expect(checkForm(form({ name: '🔑'.repeat(100) })).name).toBeUndefined();
    expect(checkForm(form({ name: '錠'.repeat(101) })).name?.params).toEqual({ max: 100 });
    expect(checkForm(form({ name: 'a\tb' })).name).toBeDefined();
  });

  it('a time is HH:MM from 00:00 to 23:59', () => {
    for (const ok of ['00:00', '08:00', '23:59']) expect(isClock(ok), ok).toBe(true);
    for (const bad of ['24:00', '25:00', '8:00', '08:60', '0800', '', 'ab:cd'])
      expect(isClock(bad), bad).toBe(false);
    expect(checkForm(form({ at: '25:00' })).at?.key).toBe('reports.invalid.time');
    expect(checkForm(form({ at: ' 08:00 ' })).at).toBeUndefined();
  });

  it('a monthly day is 1 to 28, checked only for that schedule', () => {
    expect(checkForm(form({ every: 'monthly', day: '28' })).day).toBeUndefined();
    for (const bad of ['0', '29', '', '1.5', 'x'])
      expect(checkForm(form({ every: 'monthly', day: bad })).day?.key, bad).toBe(
        'reports.invalid.day',
      );
    expect(checkForm(form({ every: 'weekly', day: '40' })).day).toBeUndefined();
  });

  it('the folder is a full path (macOS, Linux, a Windows drive or share)', () => {
    for (const ok of ['/srv/share', 'C:\\Reports', 'd:/x', '\\\\fileserver\\総務\\入退室'])
      expect(isFullPath(ok), ok).toBe(true);
    for (const bad of ['', 'reports', './x', 'C:x', '\\\\server'])
      expect(isFullPath(bad), bad).toBe(false);
  });

  it('some locks means at least one', () => {
    expect(checkForm(form({ allLocks: false })).locks?.key).toBe('reports.invalid.locks');
    expect(checkForm(form({ allLocks: false, lockIds: ['L1'] })).locks).toBeUndefined();
  });

  it('builds the request: trimmed, every lock as an empty list, the schedule of its kind', () => {
    const out = toRequest(form({ name: ' 週報 ', folder: ' /srv/share ', at: '07:30' }));
    expect(out).toEqual({
      ok: true,
      request: {
        name: '週報',
        what: { kind: 'history', lock_ids: [] },
        schedule: { every: 'weekly', weekday: 1, at: '07:30' },
        format: 'xlsx',
        language: 'ja',
        folder_handle: '',
      },
    });
    // The folder goes as the handle its dialog answered, never as the path.
    const chosen = toRequest(form({ folder: '/srv/share', folderHandle: 'h-42' }));
    expect(chosen.ok && chosen.request.folder_handle).toBe('h-42');
    expect(JSON.stringify(chosen)).not.toContain('/srv/share');
    const some = toRequest(
      form({ allLocks: false, lockIds: ['L1', 'L2'], every: 'monthly', day: ' 5 ' }),
    );
    expect(some.ok && some.request.what).toEqual({ kind: 'history', lock_ids: ['L1', 'L2'] });
    // A time card of chosen locks; the watcher's alerts are of every lock, no pick needed.
    const card = toRequest(form({ kind: 'timecard', allLocks: false, lockIds: ['L1'] }));
    expect(card.ok && card.request.what).toEqual({ kind: 'timecard', lock_ids: ['L1'] });
    const alerts = toRequest(form({ kind: 'alerts', allLocks: false, lockIds: [] }));
    expect(alerts.ok && alerts.request.what).toEqual({ kind: 'alerts' });
    expect(checkForm(form({ kind: 'timecard', allLocks: false, lockIds: [] })).locks).toBeDefined();
    expect(some.ok && some.request.schedule).toEqual({ every: 'monthly', day: 5, at: '08:00' });
    const first = toRequest(form({ every: 'monthly_first_office_day', day: 'ignored' }));
    expect(first.ok && first.request.schedule).toEqual({
      every: 'monthly_first_office_day',
      at: '08:00',
    });
    expect(toRequest(form({ every: 'daily' }))).toMatchObject({
      ok: true,
      request: { schedule: { every: 'daily', at: '08:00' } },
    });
  });

  it('sends nothing while a field has a problem', () => {
    const out = toRequest(form({ at: '25:00', folder: '' }));
    expect(out.ok).toBe(false);
    expect(!out.ok && Object.keys(out.problems).sort()).toEqual(['at', 'folder']);
  });
});

describe('the core refusing a report', () => {
  const refused = (field: string) =>
    new BackendError({
      code: 'invalid_input',
      category: 'bad_input',
      message: 'the core’s English',
      details: { field },
    });
  it('shows next to the field it names', () => {
    expect(serverProblem(refused('folder'))).toEqual({
      field: 'folder',
      problem: { key: 'reports.invalid.folderRefused' },
    });
    expect(serverProblem(refused('folder_handle'))).toEqual({
      field: 'folder',
      problem: { key: 'reports.invalid.folderChoose' },
    });
    expect(serverProblem(refused('what.lock_ids'))).toEqual({
      field: 'locks',
      problem: { key: 'reports.invalid.lockElsewhere' },
    });
    expect(serverProblem(refused('schedule.at'))?.field).toBe('at');
    expect(serverProblem(refused('schedule.day'))?.problem.params).toEqual({ min: 1, max: 28 });
    expect(serverProblem(refused('name'))?.field).toBe('name');
  });
  it('belongs to no field otherwise (shown under the form)', () => {
    expect(serverProblem(refused('reports'))).toBeNull();
    expect(serverProblem(BackendError.internal())).toBeNull();
    expect(serverProblem(new Error('x'))).toBeNull();
  });
});

describe('in words', () => {
  it('a schedule and the period it is about, in both languages', () => {
    const weekly = { every: 'weekly', weekday: 1, at: '08:00' } as const;
    expect(scheduleWords(weekly, en)).toBe('Every Monday at 08:00, about the 7 days before');
    expect(scheduleWords(weekly, ja)).toBe('毎週月曜 08:00（前の 7 日間）');
    expect(scheduleWords({ every: 'daily', at: '06:15' }, ja)).toBe('毎日 06:15（前日分）');
    expect(scheduleWords({ every: 'monthly', day: 5, at: '09:00' }, en)).toBe(
      'Every month on day 5 at 09:00, about the month before',
    );
    expect(scheduleWords({ every: 'monthly', day: 5, at: '09:00' }, ja)).toBe(
      '毎月 5 日 09:00（前月分）',
    );
    expect(scheduleWords({ every: 'monthly_first_office_day', at: '08:00' }, ja)).toBe(
      '毎月 月初の営業日 08:00（前月分）',
    );
    expect(scheduleWords({ every: 'weekly', weekday: 0, at: '08:00' }, en)).toContain('Sunday');
  });

  it('every lock, or how many and their names (an unknown id as it is)', () => {
    const names = new Map([['L1', '正面玄関']]);
    expect(locksWords([], names, ja)).toBe('すべての錠');
    expect(locksWords(['L1', 'L9'], names, ja)).toBe('2 台（正面玄関、L9）');
    expect(locksWords(['L1'], names, en)).toBe('1 lock: 正面玄関');
  });

  it('the core’s period labels: a day, seven days, a month', () => {
    expect(periodWords('2026-11-24', 'ja-JP', ja)).toBe('2026/11/24');
    expect(periodWords('2026-11-16_2026-11-22', 'ja-JP', ja)).toBe('2026/11/16〜2026/11/22');
    expect(periodWords('2026-10', 'ja-JP', ja)).toBe('2026年10月');
    expect(periodWords('2026-10', 'en-GB', en)).toBe('October 2026');
    expect(periodWords('2026-11-24', 'en-GB', en)).toBe('24/11/2026');
    expect(periodWords('odd', 'en-GB', en)).toBe('odd');
  });

  it('what Run now did, the records counted in the language', () => {
    const n = new Intl.NumberFormat('ja-JP');
    expect(
      outcomeText({ kind: 'written', file: '/s/a.xlsx', records: 12345, archive_until: null }, n),
    ).toEqual({
      key: 'reports.outcome.written',
      params: { file: '/s/a.xlsx', records: '12,345' },
    });
    const short = outcomeText(
      {
        kind: 'written',
        file: '/s/a.xlsx',
        records: 3,
        archive_until: '2026-11-20T03:30:00Z',
      },
      n,
    );
    expect(short?.key).toBe('reports.outcome.writtenIncomplete');
    expect(short?.params.time).toMatch(/^2026\/11\/20 \d\d:30/);
    expect(outcomeText({ kind: 'already_written', file: '/s/a.xlsx' }, n)?.key).toBe(
      'reports.outcome.alreadyWritten',
    );
    expect(outcomeText({ kind: 'failed', code: 'file_unwritable', message: 'x' }, n)).toBeNull();
  });

  it('a failed run is worded from its code, never its message', () => {
    const e = outcomeError('file_unwritable');
    expect([e.code, e.category, e.message]).toEqual(['file_unwritable', 'local_file', '']);
    expect(outcomeError('internal').category).toBe('internal');
    expect(outcomeError('brand_new').code).toBe('brand_new');
  });
});

describe('the file name', () => {
  it('is <name>_<period>.<ext>, with the characters no file system takes as _', () => {
    expect(fileName('入退室履歴', '2026-10', 'xlsx')).toBe('入退室履歴_2026-10.xlsx');
    expect(fileName('a/b\\c:d*e?f"g<h>i|j', '2026-11-24', 'csv')).toBe(
      'a_b_c_d_e_f_g_h_i_j_2026-11-24.csv',
    );
    expect(fileName('x\u0007y', 'p', 'jsonl')).toBe('x_y_p.jsonl');
  });
  it('trims leading and trailing dots and spaces, as the core does', () => {
    expect(fileName(' ..週報.. ', '2026-10', 'xlsx')).toBe('週報_2026-10.xlsx');
    expect(fileName('.hidden', '2026-10', 'xlsx')).toBe('hidden_2026-10.xlsx');
  });
  it('its example period is the one written last as of today', () => {
    // Wednesday 2026-11-25.
    const today = '2026-11-25';
    expect(examplePeriod({ every: 'daily', at: '08:00' }, today)).toBe('2026-11-24');
    expect(examplePeriod({ every: 'weekly', weekday: 1, at: '08:00' }, today)).toBe(
      '2026-11-16_2026-11-22',
    );
    expect(examplePeriod({ every: 'weekly', weekday: 3, at: '08:00' }, today)).toBe(
      '2026-11-18_2026-11-24',
    );
    expect(examplePeriod({ every: 'monthly', day: 1, at: '08:00' }, today)).toBe('2026-10');
    expect(examplePeriod({ every: 'monthly', day: 28, at: '08:00' }, today)).toBe('2026-09');
    expect(examplePeriod({ every: 'monthly', day: 1, at: '08:00' }, '2026-01-05')).toBe('2025-12');
    expect(examplePeriod({ every: 'monthly_first_office_day', at: '08:00' }, today)).toBe(
      '2026-10',
    );
  });
  it('a written file is shown by its last part', () => {
    expect(baseName('/srv/share/週報_2026-10.xlsx')).toBe('週報_2026-10.xlsx');
    expect(baseName('\\\\fs\\総務\\週報_2026-10.xlsx')).toBe('週報_2026-10.xlsx');
  });
});

describe("a history report with History's filters", () => {
  it('sends only the filters given, and words them', () => {
    const plain = toRequest(form({}));
    expect(plain.ok && plain.request.what).toEqual({ kind: 'history', lock_ids: [] });
    const filtered = toRequest(
      form({ user: ' 佐藤 ', methods: ['nfc_outside', 'mobile_app'], action: 'unlocked' }),
    );
    expect(filtered.ok && filtered.request.what).toEqual({
      kind: 'history',
      lock_ids: [],
      user: '佐藤',
      kinds: ['nfc_outside', 'mobile_app'],
      is_locked: false,
    });
    const words = whatWords(
      { kind: 'history', lock_ids: [], user: '佐藤', kinds: ['nfc_outside'], is_locked: true },
      new Map(),
      ja,
    );
    expect(words).toBe('入退室履歴・すべての錠・IC カード（室外）・施錠・対象者：佐藤');
  });
});

describe('what a report holds, in words', () => {
  it('names the kind and, but for alerts, the locks', () => {
    const names = new Map([['L1', '正面玄関']]);
    expect(whatWords({ kind: 'history', lock_ids: [] }, names, ja)).toBe('入退室履歴・すべての錠');
    expect(whatWords({ kind: 'timecard', lock_ids: ['L1'] }, names, ja)).toBe(
      'タイムカード（出退勤）・1 台（正面玄関）',
    );
    expect(whatWords({ kind: 'alerts' }, names, en)).toBe('Watch alerts');
  });
});
