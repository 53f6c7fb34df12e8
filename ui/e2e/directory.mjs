// The Directory screen against the test host's demo organization: an HR system's CSV export as
// Japanese Excel saves it (CP932, headers 社員番号,氏名,メールアドレス,入社日,退職日) built from the
// organization's users: every non-manager user by their user code and e-mail address, one with
// a leaving day in the past (a leaver), one with another name (a mover), and one new person (a
// joiner); users without a code are put on the exceptions list (one through the form). A file
// without a name column is refused next to its field and nothing is added. Added through the
// typed path (the browser's stand-in for the open dialog), the plan shows its counts and rows
// (managers held); a file cut short is refused by apply as a mass removal, in numbers, with a
// second confirmation offered (not taken); a plan changed after it was shown is refused and
// read again; applied after the confirmation, each row is done and the plan read again has
// only held rows. Screenshots of the plan and the form in both languages and themes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call } from './watch.mjs';
import { SIZE } from './screenshots.mjs';

/** Text as CP932 bytes (Shift_JIS as Windows and Excel write it), from the decoder's table. */
let table = null;
export function cp932(text) {
  if (!table) {
    table = new Map();
    const dec = new TextDecoder('shift_jis', { fatal: true });
    const put = (bytes) => {
      try {
        const c = dec.decode(Uint8Array.from(bytes));
        if (!table.has(c)) table.set(c, bytes);
      } catch {
        /* not a character */
      }
    };
    for (let b = 0; b < 0x80; b++) put([b]);
    for (let b = 0xa1; b <= 0xdf; b++) put([b]);
    for (let lead = 0x81; lead <= 0xfc; lead++) {
      if (lead >= 0xa0 && lead < 0xe0) continue;
      for (let trail = 0x40; trail <= 0xfc; trail++) if (trail !== 0x7f) put([lead, trail]);
    }
  }
  const out = [];
  for (const c of text) {
    const bytes = table.get(c);
    if (!bytes) throw new Error(`${JSON.stringify(c)} has no CP932 form`);
    out.push(...bytes);
  }
  return Buffer.from(out);
}

/** A CSV cell, quoted. */
const q = (s) => `"${String(s ?? '').replaceAll('"', '""')}"`;
const MANAGERS = ['manager', 'super_manager'];

export async function directoryScreen({ page, test, expect, id, nav, shot }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockdesk-directory-'));
  const file = path.join(dir, '社員一覧.csv');
  const bad = path.join(dir, '氏名なし.csv');
  const stamp = Date.now().toString(36);
  const joinerMail = `nyusha-${stamp}@example.jp`;
  const joinerCode = `J${stamp.slice(-6).toUpperCase()}`;
  const movedName = `異動 ${stamp}`;
  let users = [];
  let listed = [];
  let leaver = null;
  let mover = null;
  /** Users without a code but with an address: on the exceptions list. */
  let excepted = [];
  /** Users with neither: the export cannot name them, so they are to be removed too. */
  let unnamed = [];
  let managers = [];
  let csv = '';
  const count = async (k) =>
    Number(await page.getAttribute(`${id(`directory-count-${k}`)} dd`, 'data-count'));
  const planRead = () =>
    page.waitForSelector(`${id('directory-counts')}`, { timeout: 120_000 }).then(() =>
      page.waitForSelector(id('directory-plan-progress'), {
        state: 'detached',
        timeout: 120_000,
      }),
    );
  const refresh = async () => {
    await page.click(id('directory-plan-refresh'));
    await planRead();
  };

  /** The export: every non-manager user with a code, the leaver and mover changed, a joiner. */
  function exportOf(rows) {
    const lines = ['社員番号,氏名,メールアドレス,入社日,退職日'];
    for (const u of rows) {
      const left = u.id === leaver.id ? '2020/03/31' : '';
      const name = u.id === mover.id ? movedName : u.name;
      lines.push([q(u.code), q(name), q(u.mail), '2019/04/01', left].join(','));
    }
    lines.push([q(joinerCode), q('新入 社員'), q(joinerMail), '2020年4月1日', ''].join(','));
    lines.push(
      [q(`${joinerCode}L`), q('来年 入社'), q(`later-${stamp}@example.jp`), '2099/04/01', ''].join(
        ',',
      ),
    );
    return `${lines.join('\r\n')}\r\n`;
  }

  await test('directory: a CSV without a name column is refused and nothing is added', async () => {
    await nav('directory');
    await page.waitForSelector(`${id('directory-sources')} ${id('empty-state')}`);
    users = (await call(page, 'users_list')).users;
    managers = users.filter((u) => MANAGERS.includes(u.authority?.kind));
    const members = users.filter((u) => !MANAGERS.includes(u.authority?.kind));
    listed = members.filter((u) => u.code);
    excepted = members.filter((u) => !u.code && u.mail);
    unnamed = members.filter((u) => !u.code && !u.mail);
    expect(listed.length >= 3, `only ${listed.length} members with a code`);
    // The last ones listed: the users the other tests use come first.
    leaver = listed[listed.length - 1];
    mover = listed[listed.length - 2];
    csv = exportOf(listed);
    fs.writeFileSync(file, cp932(csv));
    fs.writeFileSync(bad, cp932('社員番号,メールアドレス\r\nE0001,someone@example.jp\r\n'));

    await page.click(id('directory-source-add-open'));
    await page.waitForSelector(id('directory-source-form'));
    expect(
      (await page.inputValue(id('directory-form-kind'))) === 'hr_csv',
      'the form does not start with the HR CSV',
    );
    // Only the chosen kind's fields, with what each needs from IT.
    await page.selectOption(id('directory-form-kind'), 'entra_id');
    await page.waitForSelector(id('directory-form-tenant'));
    expect(
      (await page.textContent(id('directory-kind-hint'))).includes('User.Read.All'),
      'the Entra ID hint does not name the permission',
    );
    expect(
      (await page.getAttribute(id('directory-form-client-secret'), 'type')) === 'password',
      'the client secret is not a password field',
    );
    expect((await page.locator(id('directory-form-path')).count()) === 0, 'the path is shown');
    // A certificate instead of a secret: its file, and no secret field.
    await page.check(id('directory-form-entra-certificate'));
    await page.waitForSelector(id('directory-form-certificate'));
    expect(
      (await page.locator(id('directory-form-client-secret')).count()) === 0,
      'the client secret is still asked with a certificate',
    );
    // As oneself: no secret and no file, what IT must allow said.
    await page.check(id('directory-form-entra-administrator'));
    await page.waitForSelector(id('directory-form-administrator-hint'));
    expect(
      (await page.textContent(id('directory-form-administrator-hint'))).includes('delegated'),
      'the administrator hint does not name the delegated permission',
    );
    expect(
      (await page.locator(id('directory-form-certificate')).count()) === 0,
      'the certificate is still asked when signing in as oneself',
    );
    await page.selectOption(id('directory-form-kind'), 'google_workspace');
    await page.waitForSelector(id('directory-form-key'));
    expect(
      (await page.textContent(id('directory-kind-hint'))).includes(
        'https://www.googleapis.com/auth/admin.directory.user.readonly',
      ),
      'the Google hint does not name the scope',
    );
    await page.selectOption(id('directory-form-kind'), 'ldap');
    await page.waitForSelector(id('directory-form-url'));
    expect(
      (await page.textContent(id('directory-kind-hint'))).includes('StartTLS'),
      'the LDAP hint does not name StartTLS',
    );
    await page.selectOption(id('directory-form-kind'), 'hr_csv');
    await page.waitForSelector(id('directory-form-path'));
    expect(
      (await page.inputValue(id('directory-form-name'))) === 'HR CSV',
      'the name did not follow the kind',
    );

    await page.fill(id('directory-form-name'), '人事システム');
    await page.fill(id('directory-form-path'), bad);
    await page.click(id('directory-form-save'));
    await page.waitForSelector('#directory-form-path-error', { timeout: 60_000 });
    const error = await page.textContent('#directory-form-path-error');
    expect(
      error.includes('employee number or the name') && error.includes('氏名'),
      `the file's error says ${error}`,
    );
    await page.waitForSelector(id('directory-not-added'));
    const stored = await call(page, 'directory_sources_list');
    expect(stored.sources.length === 0, `${stored.sources.length} sources were kept`);
    await shot('directory-01-refused');
  });

  await test('directory: users without a code go on the exceptions list', async () => {
    const who = excepted[0]?.mail ?? `cleaning-${stamp}@example.jp`;
    await page.fill(id('directory-exception-who'), who);
    await page.fill(id('directory-exception-reason'), '業務委託');
    // A day in the past is refused by the form; a later one is added.
    await page.fill(id('directory-exception-until'), '2020-01-01');
    await page.locator(id('directory-exception-until')).blur();
    await page.click(id('directory-exception-save'));
    await page.waitForSelector(id('directory-exception-not-added'));
    expect(
      (await page.locator(id('directory-exception')).count()) === 0,
      'a refused exception is listed',
    );
    await page.fill(id('directory-exception-until'), '2099-12-31');
    await page.locator(id('directory-exception-until')).blur();
    await page.click(id('directory-exception-save'));
    await page.waitForSelector(`${id('directory-exception')}[data-who="${who}"]`);
    for (const u of excepted.slice(1))
      await call(page, 'directory_exceptions_add', {
        who: u.mail,
        reason: '共用アカウント',
        until: '2099-12-31',
      });
    const stored = await call(page, 'directory_sources_list');
    expect(
      stored.exceptions.length === Math.max(1, excepted.length),
      `${stored.exceptions.length} exceptions kept`,
    );
  });

  await test('directory: the HR export in CP932 is added; the plan shows its counts and rows', async () => {
    await page.fill(id('directory-form-path'), file);
    await page.click(id('directory-form-save'));
    await page.waitForSelector(id('directory-source'), { timeout: 60_000 });
    const row = page.locator(id('directory-source'));
    expect((await row.getAttribute('data-kind')) === 'hr_csv', 'the source is not an HR CSV');
    expect(
      (await row.locator(id('directory-source-name')).textContent()) === '人事システム',
      'the name is not listed',
    );
    expect(
      (await row.locator(id('directory-source-where')).textContent()) === file,
      'the file is not listed',
    );
    const stored = await call(page, 'directory_sources_list');
    const src = stored.sources[0]?.source;
    expect(src?.columns.employee_id === '社員番号' && src.columns.name === '氏名', 'columns');
    await planRead();

    expect((await count('remove')) === 1 + unnamed.length, `remove ${await count('remove')}`);
    expect((await count('invite')) === 1, `invite ${await count('invite')}`);
    expect((await count('update')) === 1, `update ${await count('update')}`);
    expect(
      (await count('held')) === managers.length + excepted.length,
      `held ${await count('held')}, managers ${managers.length}, excepted ${excepted.length}`,
    );
    expect((await count('later')) === 1, `later ${await count('later')}`);

    const leaverRow = page.locator(
      `${id('directory-plan-leavers')} ${id('directory-plan-row')}[data-employee-id="${leaver.code}"]`,
    );
    const leaverText = await leaverRow.textContent();
    expect(leaverText.includes(leaver.name), `the leaver's row: ${leaverText}`);
    expect(leaverText.includes('left on'), `the leaver's change: ${leaverText}`);
    const moverText = await page
      .locator(`${id('directory-plan-movers')} ${id('directory-plan-row')}`)
      .textContent();
    expect(
      moverText.includes(`Name: ${mover.name} → ${movedName}`),
      `the mover's change: ${moverText}`,
    );
    const joinerText = await page
      .locator(`${id('directory-plan-joiners')} ${id('directory-plan-row')}`)
      .textContent();
    expect(
      joinerText.includes(`Invite ${joinerMail} with the user code ${joinerCode}`),
      `the joiner's change: ${joinerText}`,
    );
    // Managers are held, marked with why; nothing changed at the service.
    const held = await page
      .locator(`${id('directory-plan-leavers')} ${id('directory-plan-row')}[data-held="manager"]`)
      .count();
    expect(held === managers.length, `${held} managers held`);
    expect(
      (await page.textContent(`${id('directory-plan-row')}[data-held="manager"]`)).includes(
        'a manager',
      ),
      'a held manager is not marked',
    );
    const after = (await call(page, 'users_list')).users;
    expect(after.length === users.length, 'the plan changed the users');
  });

  await test('directory: the plan and the form in both languages and themes', async () => {
    const before = page.viewportSize();
    await page.setViewportSize(SIZE);
    try {
      for (const lang of ['en', 'ja']) {
        await page.selectOption(id('language'), lang);
        for (const theme of ['light', 'dark']) {
          await page.emulateMedia({ colorScheme: theme });
          await page.locator('main').evaluate((m) => m.scrollTo(0, 0));
          await shot(`directory-plan-${lang}-${theme}`);
          await page.locator(id('directory-plan-movers')).scrollIntoViewIfNeeded();
          await shot(`directory-plan-rows-${lang}-${theme}`);
          await page.click(id('directory-source-add-open'));
          await page.waitForSelector(id('directory-source-form'));
          await page.selectOption(id('directory-form-kind'), 'ldap');
          await page.locator(id('directory-source-form')).scrollIntoViewIfNeeded();
          await shot(`directory-form-${lang}-${theme}`);
          await page.click(id('directory-form-cancel'));
          await page.waitForSelector(id('directory-source-form'), { state: 'detached' });
        }
      }
      // Nothing English is left in Japanese but the data (names, addresses, paths).
      await page.selectOption(id('language'), 'ja');
      const text = await page.textContent(id('screen-directory'));
      expect(text.includes('退職者（削除）'), 'the counts are not in Japanese');
      expect(!/Leavers|Joiners|Movers|Remove|Apply|What would change/.test(text), 'English left');
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.selectOption(id('language'), 'en');
      if (before) await page.setViewportSize(before);
    }
  });

  await test('directory: a file cut short is refused as a mass removal, with a second confirmation', async () => {
    // Half the members gone from the file: more than a fifth of the users would be removed.
    const kept = listed.slice(0, Math.floor(listed.length / 3));
    if (listed.length - kept.length <= 5 || (listed.length - kept.length) * 5 <= users.length) {
      throw new Error(`too few users (${users.length}) for a mass removal`);
    }
    fs.writeFileSync(file, cp932(exportOf([...kept, leaver, mover])));
    await refresh();
    const removals = await count('remove');
    await page.click(id('directory-apply'));
    await page.waitForSelector(`${id('confirm-dialog')}[open]`);
    await page.click(id('confirm-ok'));
    await page.waitForSelector(id('directory-mass'), { timeout: 120_000 });
    const says = await page.textContent(id('directory-mass'));
    expect(
      says.includes(`removes ${removals} of the organization’s ${users.length} users`),
      `the refusal says ${says}`,
    );
    await page.click(id('directory-mass-apply'));
    await page.waitForSelector(`${id('confirm-dialog')}[open]`);
    const second = await page.textContent(`${id('confirm-dialog')}[open]`);
    expect(second.includes(`Really remove ${removals}`), `the second confirmation: ${second}`);
    await page.click(id('confirm-cancel'));
    const same = (await call(page, 'users_list')).users;
    expect(same.length === users.length, 'the refused plan removed users');
    fs.writeFileSync(file, cp932(csv));
    await refresh();
    expect((await count('remove')) === 1 + unnamed.length, 'the plan is not read again');
  });

  await test('directory: a plan changed after it was shown is refused and read again', async () => {
    // Another joiner in the export after the plan was read.
    const more = `${csv}${q(`${joinerCode}X`)},${q('次の 社員')},${q(`next-${stamp}@example.jp`)},2020/04/01,\r\n`;
    fs.writeFileSync(file, cp932(more));
    await page.click(id('directory-apply'));
    await page.waitForSelector(`${id('confirm-dialog')}[open]`);
    await page.click(id('confirm-ok'));
    await page.waitForSelector(id('directory-changed'), { timeout: 120_000 });
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="directory-count-invite"] dd')
          ?.getAttribute('data-count') === '2',
      null,
      { timeout: 120_000 },
    );
    fs.writeFileSync(file, cp932(csv));
    await refresh();
    expect((await count('invite')) === 1, 'the plan is not read again');
  });

  await test('directory: applied after the confirmation; each row done, only held rows left', async () => {
    const want = { remove: await count('remove'), invite: 1, update: 1 };
    await page.click(id('directory-apply'));
    await page.waitForSelector(`${id('confirm-dialog')}[open]`);
    const asked = await page.textContent(`${id('confirm-dialog')}[open]`);
    expect(
      asked.includes(`${want.remove} removed from the organization, 1 invited, 1 updated`),
      `the confirmation says ${asked}`,
    );
    await page.click(id('confirm-ok'));
    await page.waitForSelector(id('directory-results'), { timeout: 120_000 });
    const results = page.locator(id('directory-results'));
    const total = want.remove + want.invite + want.update;
    expect(
      Number(await results.getAttribute('data-done')) === total &&
        Number(await results.getAttribute('data-failed')) === 0,
      `applied: ${await page.textContent(id('directory-results-summary'))}`,
    );
    const outcomes = await page
      .locator(id('directory-result'))
      .evaluateAll((rs) => rs.map((r) => r.dataset.outcome));
    expect(
      outcomes.length === total && outcomes.every((o) => o === 'done'),
      `outcomes: ${outcomes.join(', ')}`,
    );
    await planRead();
    await page.waitForSelector(id('directory-plan-nothing'));
    for (const k of ['remove', 'invite', 'update'])
      expect((await count(k)) === 0, `${k} ${await count(k)} after applying`);
    const left = await page
      .locator(id('directory-plan-row'))
      .evaluateAll((rs) => rs.map((r) => r.dataset.held ?? ''));
    expect(
      left.length === managers.length + excepted.length && left.every((h) => h !== ''),
      `left in the plan: ${left.join(', ')}`,
    );
    expect(
      (await page
        .locator(`${id('directory-plan-joiners')}, ${id('directory-plan-movers')}`)
        .count()) === 0,
      'joiners or movers are left',
    );
    // At the service: the leaver gone, the mover renamed, the joiner invited.
    const now = (await call(page, 'users_list')).users;
    expect(!now.some((u) => u.id === leaver.id), 'the leaver is still a user');
    expect(now.find((u) => u.id === mover.id)?.name === movedName, 'the mover is not renamed');
    const invited = (await call(page, 'invitations_list')).invitations;
    expect(
      invited.some((i) => i.mail === joinerMail && i.code === joinerCode),
      'the joiner is not invited',
    );
    await shot('directory-02-applied');
  });

  await test('directory: the exception and the source are removed through the confirm dialog', async () => {
    const first = page.locator(id('directory-exception')).first();
    const who = await first.getAttribute('data-who');
    await first.locator(id('directory-exception-remove')).click();
    await page.waitForSelector(`${id('confirm-dialog')}[open]`);
    expect(
      (await page.textContent(`${id('confirm-dialog')}[open]`)).includes(who),
      'the dialog does not name the exception',
    );
    await page.click(id('confirm-ok'));
    await page.waitForSelector(`${id('directory-exception')}[data-who="${who}"]`, {
      state: 'detached',
    });
    for (const u of excepted.slice(1))
      await call(page, 'directory_exceptions_remove', { who: u.mail });
    await page.click(id('directory-source-remove'));
    await page.waitForSelector(`${id('confirm-dialog')}[open]`);
    await page.click(id('confirm-ok'));
    await page.waitForSelector(`${id('directory-sources')} ${id('empty-state')}`);
    expect(
      (await page.locator(id('directory-plan')).count()) === 0,
      'the plan is shown without a source',
    );
    const stored = await call(page, 'directory_sources_list');
    expect(stored.sources.length === 0, `${stored.sources.length} sources left`);
    fs.rmSync(dir, { recursive: true, force: true });
  });
}
