// History's first minute in the browser, against the demo organization at full size (40 locks,
// 120,000 records, the service's 50 history requests a minute: a whole first sync takes about 24
// minutes): shortly after History opens, the newest records of many locks are there (not of the
// first few locks only), and the archive says from when on it is complete while older records are
// still being fetched; photographed in both languages and themes.
import { join } from 'node:path';
import { ownHost } from './own_host.mjs';
import { WINDOW } from './history.mjs';

export async function firstMinute({ test, expect, shots }) {
  let own = null;
  try {
    await test('history: the first minute of a large organization', async () => {
      own = await ownHost({ args: '--demo full', viewport: WINDOW, timeoutMs: 60_000 });
      const { host, page } = own;
      const id = (t) => `[data-testid="${t}"]`;
      const shot = (name) => page.screenshot({ path: join(shots, `${name}.png`) });
      await page.goto(host.open);
      await page.click(id('try-demo'));
      await page.waitForSelector(id('screen-today'), { timeout: 120_000 });
      await page.click(id('nav-history'));
      const opened = Date.now();
      // The line appears once every lock has its newest page: well inside the first minute.
      await page.waitForSelector(id('archive-complete'));
      const line = await page.textContent(id('archive-complete'));
      expect(
        /^Complete back to \d\d\/\d\d\/\d{4}; older records are still being fetched\.$/.test(line),
        `the complete line says: ${line}`,
      );
      expect(Date.now() - opened < 60_000, 'the line came after a minute');
      expect(
        (await page.getAttribute(id('archive-sync-state'), 'data-state')) === 'running',
        'the sync is not running any more: the whole archive came too fast to test this',
      );
      // The newest records already span many locks: they come abreast, not one after another
      // (lock after lock, the first minute held four locks' whole history).
      const spread = () =>
        page
          .locator(id('archive-row'))
          .evaluateAll((rows) => new Set(rows.map((r) => r.dataset.lockId)).size);
      await page
        .waitForFunction(
          () =>
            new Set(
              [...document.querySelectorAll('[data-testid="archive-row"]')].map(
                (r) => r.dataset.lockId,
              ),
            ).size >= 10,
          null,
          { timeout: Math.max(1, 60_000 - (Date.now() - opened)) },
        )
        .catch(() => undefined);
      const locks = await spread();
      expect(locks >= 10, `the newest records are of ${locks} locks only`);
      await shot('23-history-first-minute');
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.selectOption(id('language'), 'ja');
      await page.waitForSelector(
        `${id('archive-complete')}:has-text("以降の記録はそろっています")`,
      );
      await shot('ja-23-history-first-minute-dark');
      await page.selectOption(id('language'), 'en');
    });
  } finally {
    await own?.close();
  }
}
