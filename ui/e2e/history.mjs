// The first run and History in the browser at the desktop window's default size (1200×800): the
// first-run path and the switcher after it, a greyed item leading to its step, a cancelled sign-in
// as a neutral note, and History (records first, tabs, one export, the archive status line, the
// history sign-in's remaining time, renewal and expiry).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const WINDOW = { width: 1200, height: 800 };

/** Where an element sits in the window, and whether the screen is scrolled. */
const box = (page, sel) =>
  page.evaluate((sel) => {
    const r = document.querySelector(sel)?.getBoundingClientRect();
    return r
      ? {
          top: r.top,
          bottom: r.bottom,
          left: r.left,
          right: r.right,
          innerHeight: window.innerHeight,
          scrolled: document.getElementById('main')?.scrollTop ?? 0,
        }
      : null;
  }, sel);

/** Before the demo: a new user sees the first-run path; a greyed item leads to its step. */
export async function firstRun({ page, test, expect, id, open, shot }) {
  await test('setup: a new user gets the first-run path; a greyed item leads to its step', async () => {
    await page.setViewportSize(WINDOW);
    await page.goto(open);
    await page.waitForSelector(id('setup-path'));
    expect((await page.locator(id('context-switcher')).count()) === 0, 'switcher before setup');
    // The setup screens are steps of the path, not items of the list.
    for (const s of ['connect', 'sign-in', 'organizations'])
      expect((await page.locator(id(`nav-${s}`)).count()) === 0, `nav-${s} in the list`);
    const first = page.locator(id('setup-step-connect'));
    expect((await first.getAttribute('data-done')) === 'false', 'connect already done');
    // Locks is greyed, yet clickable: it opens the step it needs, which says why.
    const locks = page.locator(id('nav-locks'));
    expect((await locks.getAttribute('aria-disabled')) === 'true', 'locks not greyed');
    expect((await locks.getAttribute('data-leads-to')) === 'connect', 'locks leads elsewhere');
    // (forced: Playwright treats aria-disabled as not clickable; a person can click it.)
    await page.click(id('nav-history'), { force: true });
    await page.waitForSelector(id('screen-connect'));
    const why = await page.textContent(id('setup-why'));
    expect(/History needs a connection/.test(why), `the why line says: ${why}`);
    await shot('20-setup-first-run');
  });
}

/** After an organization is chosen: the switcher replaces the path and leads to each step. */
export async function afterSetup({ page, test, expect, id, shot }) {
  await test('setup: once done, a connection and organization switcher instead of the path', async () => {
    await page.waitForSelector(id('context-switcher'));
    expect((await page.locator(id('setup-path')).count()) === 0, 'the path stays after setup');
    const org = (await page.textContent(id('switcher-org'))).trim();
    expect(org.length > 0, 'the switcher names no organization');
    await page.click(`${id('context-switcher')} summary`);
    await page.click(id('switcher-org-choose'));
    await page.waitForSelector(id('screen-organizations'));
    expect((await page.locator(id('setup-why')).count()) === 0, 'a why line without a reason');
    await page.click(`${id('context-switcher')} summary`);
    await shot('21-setup-switcher');
    await page.click(id('switcher-connect'));
    await page.waitForSelector(id('screen-connect'));
    await page.locator(id('nav-locks')).click();
    await page.waitForSelector(id('screen-locks'));
  });
}

export async function historyScreen({ page, context, test, expect, id, nav, shot, open, shots }) {
  await test('history at 1200×800: records first, tabs, one export, status lines, sync on open', async () => {
    await page.setViewportSize(WINDOW);
    await nav('history');
    // The sign-in's remaining time, and the archive line; the sync starts by itself.
    const v2 = await page.textContent(id('history-v2-line'));
    expect(/^History sign-in: (\d+ h )?\d+ min left$/.test(v2), `sign-in line: ${v2}`);
    await page.waitForSelector(id('archive-sync-state'));
    const line = await page.textContent(id('archive-line'));
    expect(/^Archive: [\d,]+ records, (synced .+|never synced)$/.test(line), `line: ${line}`);
    // The online one-lock tool is gone: one way to filter, one export button.
    expect((await page.locator(id('history-lock-select')).count()) === 0, 'online tool shown');
    await page.waitForSelector(id('archive-row'), { timeout: 120_000 });
    const exports = await page
      .locator('main button')
      .evaluateAll((bs) => bs.filter((b) => /export/i.test(b.textContent)).length);
    expect(exports === 1, `${exports} export buttons`);
    // Measured: the records table starts inside the window, unscrolled, under the filters.
    const table = await box(page, id('archive-table'));
    const filters = await box(page, id('archive-filter-lock'));
    expect(table.scrolled === 0, `the screen opened scrolled by ${table.scrolled}`);
    expect(
      table.top < table.innerHeight - 100,
      `records start at ${table.top} of ${table.innerHeight}`,
    );
    expect(filters.bottom < table.top, 'the filters are not above the records');
    // The per-lock table is behind Details, and not even built while it is closed (a sync
    // rewrote a big office's thousand unseen rows on every status read).
    expect((await page.$$(id('archive-lock'))).length === 0, 'per-lock rows built while closed');
    await page.click(`${id('archive-details')} summary`);
    await page.waitForSelector(id('archive-lock'));
    await page.click(`${id('archive-details')} summary`);
    await page.waitForFunction((sel) => document.querySelector(sel) === null, id('archive-lock'));
    await shot('22-history-1200x800');
    console.log(`     records table top at ${Math.round(table.top)} px of ${table.innerHeight}`);
  });

  await test('history: a cancelled sync says so, without "Syncing…"; Sync completes', async () => {
    const state = () => page.getAttribute(id('archive-sync-state'), 'data-state');
    if ((await state()) !== 'running') await page.click(id('archive-sync'));
    await page.waitForSelector(id('archive-sync-cancel'));
    await page.click(id('archive-sync-cancel'));
    await page.waitForSelector(`${id('archive-sync-state')}[data-state="cancelled"]`);
    // Two polls later, read state, words and buttons at once: they must agree.
    await page.waitForTimeout(700);
    const after = await page.evaluate(() => {
      const q = (t) => document.querySelector(`[data-testid="${t}"]`);
      return {
        state: q('archive-sync-state')?.dataset.state,
        text: q('archive-sync-state')?.textContent ?? '',
        progress: q('archive-sync-progress') !== null,
        sync: q('archive-sync') !== null,
      };
    });
    expect(after.state === 'cancelled', `state after cancel: ${after.state}`);
    expect(/cancelled/i.test(after.text) && !/syncing/i.test(after.text), `after: ${after.text}`);
    expect(!after.progress && after.sync, 'progress or no Sync button after cancel');
    await page.click(id('archive-sync'));
    await page.waitForSelector(id('archive-sync-done'), { timeout: 240_000 });
    const done = await page.textContent(id('archive-sync-state'));
    expect(!/syncing/i.test(done), `after the sync: ${done}`);
    const line = await page.textContent(id('archive-line'));
    expect(/synced \d\d:\d\d/.test(line), `line after the sync: ${line}`);
  });

  await test('history: filters, the three tabs, one export of the filtered records', async () => {
    const count = async () =>
      Number((await page.textContent(id('archive-total'))).replace(/[^\d]/g, ''));
    await page.waitForSelector(id('archive-total'));
    const all = await count();
    expect(all > 0, 'the archive is empty after the sync');
    // The archive holds both organizations' locks; the table, unfiltered, those of the
    // organization in use, and the caption says which.
    await page.waitForSelector(`${id('history-scope')}[data-scoped="true"]`);
    const scope = await page.textContent(id('history-scope'));
    const org = await page.textContent(id('switcher-org'));
    expect(
      scope.includes('the organization in use') && scope.includes(org.trim()),
      `the caption says ${scope} (organization ${org})`,
    );
    const archived = Number((await page.textContent(id('archive-records'))).replace(/[^\d]/g, ''));
    const shown = await count();
    expect(shown > 0 && shown < archived, `${shown} of the archive's ${archived} records shown`);
    await page.selectOption(id('archive-filter-action'), 'locked');
    await page.waitForFunction(
      ([sel, n]) => Number(document.querySelector(sel)?.textContent?.replace(/[^\d]/g, '')) < n,
      [id('archive-total'), all],
    );
    const locked = await count();
    expect(locked > 0 && locked < all, `locked ${locked} of ${all}`);
    // Tabs switch the view under the same filters.
    await page.click(id('archive-view-charts'));
    await page.waitForSelector(`${id('archive-view')}[data-view="charts"]`);
    expect(
      (await page.getAttribute(id('archive-view-charts'), 'aria-selected')) === 'true',
      'charts tab not selected',
    );
    await page.waitForSelector(`${id('archive-chart-daily')} canvas`);
    const chartTotal = Number(
      (await page.textContent(id('archive-chart-total'))).replace(/[^\d]/g, ''),
    );
    expect(chartTotal === locked, `charts count ${chartTotal}, table ${locked}`);
    await shot('10c-history-charts');
    await page.click(id('archive-view-timecard'));
    await page.waitForSelector(`${id('archive-view')}[data-view="timecard"]`);
    await page.selectOption(id('archive-filter-action'), '');
    await page.waitForSelector(id('archive-timecard-row'));
    await shot('10d-history-timecard');
    // The time card comes a page of 500 rows at a time, with the count of all of them.
    const digits = async (testid) =>
      Number((await page.textContent(id(testid))).replace(/[^\d]/g, ''));
    const cards = await digits('archive-timecard-total');
    expect(cards > 500, `the demo's time card has ${cards} rows, too few to page`);
    expect(
      (await page.locator(id('archive-timecard-row')).count()) === 500,
      'the first page of the time card is not 500 rows',
    );
    const firstCard = await page.textContent(id('archive-timecard-row'));
    await page.click(id('archive-timecard-next'));
    await page.waitForFunction(
      ([sel, before]) => document.querySelector(sel)?.textContent !== before,
      [id('archive-timecard-row'), firstCard],
    );
    expect(
      (await page.locator(id('archive-timecard-row')).count()) === Math.min(500, cards - 500),
      'the second page of the time card',
    );
    expect((await digits('archive-timecard-total')) === cards, 'the count changed with the page');
    await page.click(id('archive-timecard-prev'));
    await page.waitForFunction(
      ([sel, before]) => document.querySelector(sel)?.textContent === before,
      [id('archive-timecard-row'), firstCard],
    );
    await page.click(id('archive-view-table'));
    await page.waitForSelector(`${id('archive-view')}[data-view="table"]`);
    await page.selectOption(id('archive-filter-action'), 'locked');
    await page.waitForFunction(
      ([sel, n]) => document.querySelector(sel)?.textContent?.replace(/[^\d]/g, '') === String(n),
      [id('archive-total'), locked],
    );
    // The one export: CSV with a byte-order mark, one line per filtered record.
    await page.selectOption(id('archive-export-format'), 'csv');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click(id('archive-export')),
    ]);
    const bytes = readFileSync(await download.path());
    expect(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf, 'CSV has no BOM');
    const lines = bytes.toString('utf8').trim().split('\r\n');
    // The header, a line per record, and the note of the organization shown.
    expect(lines.length === locked + 2, `CSV has ${lines.length} lines for ${locked} records`);
    // (Quoted: the organization's name and the words may hold a comma.)
    const note = lines.at(-1).replace(/^"/, '');
    expect(note.startsWith('# Records of the locks of'), `the last line: ${lines.at(-1)}`);
    await page.waitForSelector(id('archive-exported'));
    // An Excel workbook of the same records: a zip with the workbook's parts.
    await page.selectOption(id('archive-export-format'), 'xlsx');
    const [book] = await Promise.all([
      page.waitForEvent('download'),
      page.click(id('archive-export')),
    ]);
    expect(book.suggestedFilename().endsWith('.xlsx'), book.suggestedFilename());
    const xlsx = readFileSync(await book.path());
    expect(xlsx.subarray(0, 4).toString('latin1') === 'PK\x03\x04', 'the workbook is no zip');
    expect(xlsx.includes('xl/worksheets/sheet1.xml'), 'the workbook has no sheet');
    await page.selectOption(id('archive-export-format'), 'csv');
    await page.selectOption(id('archive-filter-action'), '');
  });

  await test('history: the history sign-in renewed from History', async () => {
    await page.click(id('history-v2-renew'));
    await page.waitForSelector(id('history-renew'));
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.click(id('history-renew-open')),
    ]);
    await popup.waitForSelector('input[name="password"]');
    await popup.fill('input[name="mail"]', 'admin@example.com');
    await popup.fill('input[name="password"]', 'lockdesk-demo');
    const answer = popup.waitForResponse(
      (r) => r.url().includes('/oauth/authorize') && r.status() === 302,
    );
    await popup.click('button[type="submit"]');
    const redirected = (await answer).headers()['location'];
    await popup.close();
    await page.fill(id('history-renew-paste'), redirected);
    await page.click(id('history-renew-complete'));
    await page.waitForSelector(id('history-renew'), { state: 'detached' });
    const v2 = await page.textContent(id('history-v2-line'));
    expect(/^History sign-in: 1 h 5\d min left$/.test(v2), `after renewing: ${v2}`);
  });

  await test('history: an expired history sign-in is said plainly, with Renew, and no sync', async () => {
    // A second window whose clock is three hours ahead: the two-hour sign-in has expired there.
    const later = await context.newPage();
    try {
      await later.setViewportSize(WINDOW);
      await later.addInitScript(() => {
        const Real = Date;
        const ahead = 3 * 3600_000;
        class Later extends Real {
          constructor(...a) {
            if (a.length === 0) super(Real.now() + ahead);
            else super(...a);
          }
          static now() {
            return Real.now() + ahead;
          }
        }
        globalThis.Date = Later;
      });
      await later.goto(`${open}#/history`);
      await later.waitForSelector(`${id('history-v2')}[data-state="expired"]`);
      const text = await later.textContent(id('history-v2-line'));
      expect(/has expired/.test(text), `expired line: ${text}`);
      await later.waitForSelector(`${id('history-v2-renew')}.primary`);
      await later.waitForSelector(id('archive-line'));
      expect(await later.isDisabled(id('archive-sync')), 'Sync offered with an expired sign-in');
      expect(
        (await later.locator(id('archive-sync-state')).count()) === 0,
        'a sync started with an expired sign-in',
      );
      // The archive stays readable.
      await later.waitForSelector(id('archive-row'));
      await later.screenshot({ path: join(shots, '23-history-expired.png'), fullPage: true });
    } finally {
      await later.close();
    }
  });
}

/** The cancelled sign-in: a neutral note, not beside "Signed in", its code behind Details. */
export async function cancelledSignIn({ page, context, test, expect, id, nav, shot }) {
  await test('sign-in: cancelling is a neutral note, the code behind Details', async () => {
    await nav('sign-in');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.click(id('sign-in-v3-open')),
    ]);
    await popup.close();
    await page.click(id('sign-in-v3-cancel'));
    const sel = `${id('sign-in-v3')} ${id('error-notice')}[data-code="sign_in_cancelled"]`;
    await page.waitForSelector(sel);
    const note = page.locator(sel);
    expect((await note.getAttribute('data-tone')) === 'neutral', 'the note is not neutral');
    expect((await note.getAttribute('role')) === 'status', 'the note is an alert');
    const colors = await note.evaluate((el) => {
      const s = getComputedStyle(el);
      const probe = document.createElement('span');
      probe.style.color = 'var(--danger)';
      document.body.append(probe);
      const danger = getComputedStyle(probe).color;
      probe.remove();
      return { border: s.borderTopColor, danger };
    });
    expect(colors.border !== colors.danger, `the note is red (${colors.border})`);
    // Not beside the "Signed in" badge: below the card's header row.
    const badge = await page
      .locator(`${id('sign-in-v3')} .badge`)
      .first()
      .boundingBox();
    const noteBox = await note.boundingBox();
    expect(noteBox.y >= badge.y + badge.height, 'the note sits beside the badge');
    const text = await note.innerText();
    expect(/cancelled/.test(text), `note says: ${text}`);
    expect(!text.includes('sign_in_cancelled'), 'the code is shown without Details');
    await shot('24-sign-in-cancelled');
    await note.locator('summary').click();
    expect(
      (await note.innerText()).includes('sign_in_cancelled'),
      'Details does not show the code',
    );
  });
}
