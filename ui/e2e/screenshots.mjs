// Screenshots of every screen in both languages and both themes at the desktop window's
// default size (1200×800), saved as artifacts/screenshots/<screen>-<lang>-<theme>.png (CI keeps
// artifacts/). The screens are the sidebar's items, read from the page, so a screen added later
// is photographed too. Also: the date field shows the UI language's date form under an English
// browser locale (2026/11/23 in Japanese), typed or picked from its calendar.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './host.mjs';

export const SIZE = { width: 1200, height: 800 };

/** Runs `fn` (pictures) at the desktop window's default size, the page's size restored after. */
export async function atWindowSize(page, fn) {
  const before = page.viewportSize();
  await page.setViewportSize(SIZE);
  try {
    await fn();
  } finally {
    if (before) await page.setViewportSize(before);
  }
}
const dir = join(repoRoot, 'artifacts', 'screenshots');

/** What each screen shows before its picture is taken (data loaded, not a spinner). */
const READY = {
  locks: 'lock-row',
  'lock-groups': 'lock-group-item',
  users: 'user-row',
  invitations: 'invite-form',
  history: 'archive-total',
  'user-groups': 'user-group-item',
  organizations: 'org-option',
};

export async function screenshotScreens({ page, test, expect, id }) {
  mkdirSync(dir, { recursive: true });

  await test('date field: Japanese form under an English browser, typed and picked', async () => {
    await page.selectOption(id('language'), 'ja');
    await page.click(id('nav-history'));
    await page.waitForSelector(id('archive-filter-from'));
    // The browser's locale is en-US (e2e/browser.mjs): a native date input would show mm/dd/yyyy.
    expect(
      (await page.evaluate(() => navigator.language)) === 'en-US',
      'the browser is not English',
    );
    expect(
      (await page.locator(`${id('screen-history')} input[type="date"]`).count()) === 0,
      'a native date input is left on History',
    );
    await page.fill(id('archive-filter-from'), '2026-11-02');
    await page.locator(id('archive-filter-from')).blur();
    const shown = await page.inputValue(id('archive-filter-from'));
    expect(shown === '2026/11/02', `typed 2026-11-02, shows ${shown}`);
    await page.fill(id('archive-filter-from'), '2026/11/01');
    await page.locator(id('archive-filter-from')).blur();
    expect(
      (await page.inputValue(id('archive-filter-from'))) === '2026/11/01',
      'yyyy/mm/dd not kept',
    );
    // The calendar: month in Japanese, weeks from Sunday (日), a picked day in the same form.
    await page.click(id('archive-filter-to-calendar'));
    await page.waitForSelector(id('archive-filter-to-popup'));
    const month = await page.textContent(id('archive-filter-to-month'));
    expect(/^\d{4}年\d{1,2}月$/.test(month.trim()), `calendar month "${month}"`);
    const first = await page
      .locator(`${id('archive-filter-to-popup')} .wd`)
      .first()
      .textContent();
    expect(first.trim() === '日', `calendar week starts with ${first}`);
    const day = page.locator(`${id('archive-filter-to-day')}:not([disabled])`).nth(10);
    const key = await day.getAttribute('data-day');
    await day.click();
    await page.waitForSelector(id('archive-filter-to-popup'), { state: 'detached' });
    const picked = await page.inputValue(id('archive-filter-to'));
    expect(picked === key.replaceAll('-', '/'), `picked ${key}, shows ${picked}`);
    // A day that does not exist is refused where it was typed, in Japanese.
    await page.fill(id('archive-filter-to'), '2026/02/30');
    const err = await page.textContent(id('archive-filter-to-error'));
    expect(/\d{4}\/\d{2}\/\d{2} の形式/.test(err), `error "${err}"`);
    await page.fill(id('archive-filter-to'), '');
    await page.selectOption(id('language'), 'en');
  });

  await test('invitations: CSV templates download in both languages', async () => {
    await page.click(id('nav-invitations'));
    await page.waitForSelector(id('bulk-template'));
    for (const [lang, header, bom] of [
      ['ja', 'メールアドレス,権限,ユーザーコード', true],
      ['en', 'mail,authority,code', false],
    ]) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click(id(`bulk-template-${lang}`)),
      ]);
      const bytes = readFileSync(await download.path());
      const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
      expect(hasBom === bom, `${lang} template: BOM ${hasBom}`);
      const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
      expect(text.split('\r\n')[0] === header, `${lang} template header: ${text.slice(0, 40)}`);
      await page.waitForSelector(id('bulk-template-saved'));
    }
  });

  await test('screenshots: every screen, both languages, both themes, 1200×800', async () => {
    const before = page.viewportSize();
    await page.setViewportSize(SIZE);
    const taken = [];
    let extra = 0;
    try {
      const screens = await page
        .locator('[data-testid^="nav-"]:not([disabled])')
        .evaluateAll((els) => els.map((e) => e.dataset.testid.slice(4)));
      expect(screens.length >= 8, `only ${screens.length} screens in the sidebar`);
      for (const lang of ['en', 'ja']) {
        await page.selectOption(id('language'), lang);
        for (const theme of ['light', 'dark']) {
          await page.emulateMedia({ colorScheme: theme });
          for (const screen of screens) {
            await page.click(id(`nav-${screen}`));
            await page.waitForSelector(id(`screen-${screen}`));
            if (READY[screen]) await page.waitForSelector(id(READY[screen]));
            // Spinners gone, charts drawn, fonts in.
            await page
              .waitForFunction(() => !document.querySelector('.loading[role="status"]'), null, {
                timeout: 10_000,
              })
              .catch(() => undefined);
            await page.evaluate(() => document.fonts.ready);
            await page.mouse.move(0, SIZE.height - 1);
            const file = `${screen}-${lang}-${theme}.png`;
            await page.screenshot({ path: join(dir, file) });
            taken.push(file);
            // History's charts too: their colours come from the theme.
            if (screen === 'history' && (await page.locator(id('archive-view-charts')).count())) {
              await page.click(id('archive-view-charts'));
              await page.waitForSelector(`${id('archive-chart-daily')} canvas`);
              await page.waitForTimeout(300);
              await page.screenshot({ path: join(dir, `history-charts-${lang}-${theme}.png`) });
              extra += 1;
              await page.click(id('archive-view-table'));
            }
          }
        }
      }
      expect(taken.length === screens.length * 4, `${taken.length} screenshots`);
      console.log(`     ${taken.length + extra} screenshots in artifacts/screenshots/`);
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.selectOption(id('language'), 'en');
      if (before) await page.setViewportSize(before);
    }
  });
}
