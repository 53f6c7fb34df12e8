// "No English reaches 日本語": the UI in Japanese, every screen visited (with a lock selected, the
// user edit form open, a bulk CSV preview, history records and the archive), each screenshot saved
// as artifacts/ui/ja-NN-<screen>.png, and the visible text checked for Latin words.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, folderHandle } from './watch.mjs';
import { createLockGroup } from './lock_groups.mjs';
//
// What may stay in Latin letters:
// - data, exactly as the service or the user gave it: every string of a successful core answer
//   (lock, user and group names, ids, e-mail addresses, codes, application names, addresses)
//   is taken out of the text before the check. Kinds (`kind`, `level`, `state`, …) and messages
//   are not data and are not taken out;
// - ALLOWED below: names and notations a Japanese administrator reads as they are.

/** Latin words a Japanese access-control product shows as they are, and why. */
export const ALLOWED = new Set([
  'Lockdesk', // the product's name
  'English', // the language menu names each language in its own language
  'Pro', // the lock model's product name ("スマートロック（Pro）"), written so in Japanese products
  'ID', // ユーザー ID, クライアント ID
  'IC', // ICカード
  'Web', // Web 管理画面
  'URL', // URL キー
  'API', // API version of a connection
  'v', // v2 / v3, the API versions
  'UTC', // a time zone name, and the offset of a time not in the viewer's zone
  'CSV', // the file format
  'UTF', // text encodings as Excel names them: UTF-8, UTF-16, Shift_JIS (CP932), BOM
  'Shift',
  'JIS',
  'CP',
  'BOM',
  'Unicode', // Excel's "Unicode テキスト" format
  'MB', // the largest CSV file read (5 MB); the journal's size on disk on the Account screen
  'KB',
  'Excel', // "CSV（Excel）": the program the export is made for
  'xlsx', // a report's file name ends in its extension, as the file is named (…_2026-10.xlsx)
  'JSON', // "JSON Lines", a file format name; a chat destination that takes the alerts as JSON
  'Lines',
  'A', // A 接点: a relay's normally-open contact, named so in Japanese
  'https', // "https:// で始まるアドレス": what the user types
  'http',
  // The mail protocol and its encryptions, named so in Japanese mail settings (SMTP サーバー,
  // STARTTLS, TLS): an e-mail destination's server and its security.
  'SMTP',
  'STARTTLS',
  'TLS',
  'PNG', // image formats a lock picture may have
  'JPEG',
  'GIF',
  'WebP',
  'BMP',
  // The bulk-invitation CSV format: the column names and role values the file must contain.
  'mail',
  'authority',
  'code',
  'manager',
  'member',
  // Key caps, named as printed on the keyboard ("Enter キーで開く", "Esc キーで閉じる").
  'Enter',
  'Esc',
  // The chat services alerts are posted to, by their product names, and the names of their own
  // apps and settings as those services show them in Japanese (Slack の「Incoming Webhooks」
  // アプリ, LINE WORKS の「Incoming Webhook」アプリ, Webhook URL).
  'Slack',
  'Microsoft',
  'Teams',
  'Chatwork',
  'LINE',
  'WORKS',
  'Incoming',
  'Webhook',
  'Webhooks',
  // ID shape hint "U-xxxxx-xxxxx".
  'U',
  'xxxxx',
]);

/** Keys whose strings are kinds or words of the core, not data: they may not appear as text. */
const NOT_DATA = new Set([
  'kind',
  'level',
  'action',
  'state',
  'status',
  'outcome',
  'message',
  'problem',
  'language',
  'format',
  'zone',
  'api',
  'sort',
]);

function collect(v, key, out) {
  if (typeof v === 'string') {
    if (!NOT_DATA.has(key) && v.trim().length > 0) out.add(v.trim());
  } else if (Array.isArray(v)) for (const x of v) collect(x, key, out);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) collect(x, k, out);
}

/** Latin words left in `text` once the data strings are taken out. */
export function englishIn(text, data) {
  let rest = text;
  for (const d of [...data].sort((a, b) => b.length - a.length)) rest = rest.split(d).join(' ');
  const words = rest.match(/[A-Za-z]+/g) ?? [];
  return [...new Set(words.filter((w) => !ALLOWED.has(w)))];
}

export async function japaneseScreens({ page, context, test, expect, id, nav, shot, stamp }) {
  const data = new Set();
  const onResponse = async (r) => {
    if (!r.url().includes('/api/') || !r.ok()) return;
    try {
      collect(await r.json(), '', data);
    } catch {
      /* not JSON */
    }
  };
  // Everything the screens might show, also what they loaded before this test.
  const loadData = () =>
    page.evaluate(async () => {
      const call = async (cmd, req) => {
        const r = await fetch(`/api/${cmd}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-lockdesk-token': sessionStorage.getItem('lockdesk-test-host-token') ?? '',
          },
          body: JSON.stringify(req),
        });
        return r.ok ? r.json() : null;
      };
      const names = [
        'profiles_list',
        'session_status',
        'orgs_list',
        'locks_list',
        'lock_groups_list',
        'users_list',
        'invitations_list',
        'user_groups_list',
        'history_locks',
        'history_sync_status',
        'account_info',
      ];
      return Promise.all(names.map((n) => call(n, {})));
    });
  /** Fails with the Latin words of the page's visible text (and its menus and placeholders). */
  const check = async (screen) => {
    const text = await page.evaluate(() =>
      [
        document.body.innerText,
        ...[...document.querySelectorAll('option')].map((o) => o.textContent),
        ...[...document.querySelectorAll('[placeholder]')].map((e) => e.placeholder),
      ].join('\n'),
    );
    const english = englishIn(text, data);
    expect(english.length === 0, `English on ${screen}: ${english.join(', ')}`);
  };
  // The screen's own scroll area from its top, tall enough to show most of it.
  const jaShot = async (name) => {
    await page.evaluate(() => document.getElementById('main')?.scrollTo(0, 0));
    await shot(name);
  };
  const visit = async (n, screen, prepare) => {
    await nav(screen);
    if (prepare) await prepare();
    await jaShot(`ja-${n}-${screen}`);
    await check(screen);
  };

  await test('日本語: every screen in Japanese, no English words', async () => {
    page.on('response', onResponse);
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 1360, height: 1600 });
    const cdp = await context.newCDPSession(page);
    // Times as an office in Japan sees them (the service's +09:00 schedules without offsets).
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Asia/Tokyo' });
    try {
      for (const answer of await loadData()) collect(answer, '', data);
      await page.selectOption(id('language'), 'ja');
      await page.waitForSelector(`${id('nav-locks')}:has-text("錠")`);

      // The demo runs by now (earlier tests started it): the card offers to leave it.
      await visit('01', 'connect', () =>
        page.waitForSelector(`${id('try-demo')}, ${id('leave-demo')}`),
      );
      await visit('02', 'sign-in');
      await visit('03', 'organizations', () => page.waitForSelector(id('org-option')));
      await visit('03b', 'today', () => page.waitForSelector(id('today-items')));
      // One lock of each model, selected: every setting of a Pro and of a controller worded.
      for (const [n, prefix] of [
        ['04', 'A'],
        ['05', 'R'],
      ]) {
        await nav('locks');
        await page.waitForSelector(id('lock-row'));
        await page
          .locator(`${id('lock-row')}[data-lock-id^="${prefix}"]`)
          .first()
          .click();
        await page.waitForSelector(`${id('lock-detail')}[data-lock-id^="${prefix}"]`);
        await page.waitForSelector(id('lock-settings'));
        await jaShot(`ja-${n}-locks-${prefix === 'A' ? 'pro' : 'controller'}`);
        await check(`locks (${prefix}…)`);
      }
      await visit('06', 'lock-groups', async () => {
        await createLockGroup({ page, id }, `日本語の錠グループ ${stamp}`);
      });
      await visit('07', 'users', async () => {
        await page.waitForSelector(id('user-row'));
        // The super manager: a role no form may give, shown as it is rather than as メンバー.
        const boss = page
          .locator(id('user-row'))
          .filter({ hasText: 'スーパーマネージャー' })
          .first();
        await boss.click();
        await page.click(id('user-edit-button'));
        await page.waitForSelector(id('user-edit-name'));
        const role = await page.locator(`${id('user-edit-role')} option`).allTextContents();
        expect(role.join() === 'スーパーマネージャー', `the edit form shows the role as ${role}`);
        expect(
          await page.isDisabled(id('user-edit-role')),
          'the super manager role can be changed',
        );
      });
      await visit('08', 'invitations', async () => {
        await page.waitForSelector(id('invite-form'));
        const csv = `mail,authority,code\nja-ok-${stamp}@example.com,manager,J1\nbroken-address,member,\nja-role-${stamp}@example.com,boss,\n`;
        await page.setInputFiles(id('bulk-csv-input'), {
          name: 'ja.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(csv),
        });
        await page.waitForSelector(id('bulk-preview'));
        // A role that is not one is shown as typed and marked, not read as メンバー.
        const roles = await page.locator(id('bulk-row-role')).allTextContents();
        expect(
          roles[2]?.includes('boss') && roles[2].includes('無効') && !roles[2].includes('メンバー'),
          `the invalid role is shown as ${roles[2]}`,
        );
        // What the user typed (the file's name and values) is data too.
        for (const v of ['ja.csv', 'broken-address', 'boss']) data.add(v);
        // A file as Japanese Excel saves it: CP932 bytes, Japanese headers and role words. The
        // bytes reach the core as they are; it reads them as Shift_JIS and says so.
        const cp932 = Buffer.concat([
          Buffer.from('8381815b838b83418368838c83582c8ca08cc0', 'hex'), // メールアドレス,権限
          Buffer.from(`\r\nja-sjis-${stamp}@example.com,`),
          Buffer.from('837d836c815b83578383815b', 'hex'), // マネージャー
          Buffer.from('\r\n'),
        ]);
        await page.setInputFiles(id('bulk-csv-input'), {
          name: 'excel.csv',
          mimeType: 'text/csv',
          buffer: cp932,
        });
        await page.waitForSelector(`${id('bulk-encoding')}[data-encoding="shift_jis"]`);
        const sjisRoles = await page.locator(id('bulk-row-role')).allTextContents();
        expect(
          sjisRoles.length === 1 && sjisRoles[0] === 'マネージャー',
          `the CP932 file's roles are shown as ${sjisRoles}`,
        );
        const range = await page.textContent(id('bulk-page-range'));
        expect(range?.includes('全 1 行中 1〜1 行目'), `the preview range is ${range}`);
        data.add('excel.csv');
      });
      await visit('09', 'user-groups', async () => {
        await page.waitForSelector(id('user-group-item'));
        await page.locator(id('user-group-item')).first().click();
        await page.waitForSelector(id('user-group-detail'));
      });
      await visit('10', 'history', async () => {
        await page.waitForSelector(id('history-v2-line'));
        await page.waitForSelector(id('archive-row'), { timeout: 60_000 });
        // The per-lock table behind Details is worded too.
        await page.click(`${id('archive-details')} summary`);
        await page.waitForSelector(id('archive-lock'));
      });
      await page.click(id('archive-view-timecard'));
      await page.waitForSelector(id('archive-timecard-row'));
      await jaShot('ja-11-history-timecard');
      await check('history (time card)');
      await page.click(id('archive-view-charts'));
      await page.waitForSelector(`${id('archive-chart-kinds')} canvas`);
      await jaShot('ja-12-history-charts');
      await check('history (charts)');
      await page.click(id('archive-view-table'));
      await visit('13', 'activity', () => page.waitForSelector(id('activity-row')));
      await visit('14', 'account', () => page.waitForSelector(id('account-token-application')));
      // The alerts the watch cases raised, the rules with their office-hours summary (月〜金).
      // With a chat destination listed, and its add form open: each service's hint is worded.
      let destination = null;
      await visit('15', 'watch', async () => {
        await page.waitForSelector(id('watch-alert'));
        const summary = await page.textContent(id('watch-office-summary'));
        expect(summary.includes('月〜金'), `office days read ${summary}`);
        destination = await call(page, 'alert_destinations_add', {
          name: `日本語の送信先 ${stamp}`,
          kind: 'chatwork',
          url: 'https://127.0.0.1:9/chatwork',
          token: 'e2e-token',
          room_id: '12345',
          rules: { which: 'only', rules: ['silent_lock', 'low_battery'] },
          language: 'ja',
        });
        await nav('reports');
        await nav('watch');
        await page.waitForSelector(`${id('destination')}[data-destination-id="${destination.id}"]`);
        await page.click(id('destination-add-open'));
        await page.click(id('destination-form-save'));
        await page.waitForSelector(id('destination-not-added'));
        for (const kind of ['chatwork', 'teams', 'line_works', 'generic', 'slack']) {
          await page.selectOption(id('destination-form-kind'), kind);
          await check(`watch (chat destination form, ${kind})`);
        }
      });
      if (destination) await call(page, 'alert_destinations_remove', { id: destination.id });
      // A report written once (its last run and Run now's outcome), and the add form open with
      // the lock picker and a monthly schedule.
      const reportFolder = mkdtempSync(join(tmpdir(), 'lockdesk-report-ja-'));
      let report = null;
      await visit('16', 'reports', async () => {
        report = await call(page, 'reports_add', {
          name: `日本語のレポート ${stamp}`,
          what: { kind: 'history', lock_ids: [] },
          schedule: { every: 'monthly_first_office_day', at: '07:30' },
          format: 'xlsx',
          language: 'ja',
          folder_handle: await folderHandle(page, reportFolder),
        });
        await nav('watch');
        await nav('reports');
        await page.click(`${id('report')}[data-report-id="${report.id}"] ${id('report-run')}`);
        await page.waitForSelector(id('report-outcome'), { timeout: 120_000 });
        await page.waitForSelector(`${id('report-last-run')}[data-state="done"]`);
        const when = await page.textContent(id('report-when'));
        expect(when.includes('月初の営業日 07:30（前月分）'), `the schedule reads ${when}`);
        await page.click(id('report-add-open'));
        await page.uncheck(id('report-all-locks'));
        await page.waitForSelector(id('report-lock'));
        await page.selectOption(id('report-form-every'), 'monthly');
      });
      if (report) await call(page, 'reports_remove', { id: report.id });
      rmSync(reportFolder, { recursive: true, force: true });
    } finally {
      page.off('response', onResponse);
      await page.setViewportSize(viewport).catch(() => undefined);
      await cdp.send('Emulation.setTimezoneOverride', { timezoneId: '' }).catch(() => undefined);
      await cdp.detach().catch(() => undefined);
      await page.selectOption(id('language'), 'en').catch(() => undefined);
    }
  });
}
