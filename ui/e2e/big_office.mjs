// A big office in the browser (its own host: 1,000 locks with photos, 20,000 people, 400
// invitations): every lock listed and searchable, only the photos of rows near the screen
// fetched (scrolling to the end fetches the last row's), the people searched by name and code,
// shown by department and paged; the invitations paged. How long each takes is the big-office benchmark's
// (ui/bench/big-office.mjs), not asserted here.
import { ownHost } from './own_host.mjs';
import { WINDOW } from './history.mjs';

export async function bigOffice({ test, expect }) {
  let own = null;
  try {
    await test('big office: 1,000 locks, photos fetched only when seen; 20,000 people', async () => {
      own = await ownHost({ args: '--demo big', viewport: WINDOW, timeoutMs: 120_000 });
      const { host, page } = own;
      const id = (t) => `[data-testid="${t}"]`;
      const photos = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/images_get')) photos.push(JSON.parse(r.postData()).url);
      });
      await page.goto(host.open);
      await page.click(id('try-demo'));
      await page.waitForSelector(id('screen-today'));
      await page.click(id('nav-locks'));
      // A page of 100 of the thousand, "1–100 of 1,000".
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="lock-row"]').length === 100,
      );
      const lockRange = await page.textContent(id('lock-range'));
      expect(/^1–100 of 1,?000$/.test(lockRange), `the locks' range says ${lockRange}`);
      // The rows on screen have their photos; the rest asked for none.
      await page.waitForSelector('img.thumb');
      await page.waitForTimeout(1_000);
      const asked = new Set(photos).size;
      expect(asked > 0 && asked < 60, `${asked} photos fetched for a screen of rows`);
      // Searching narrows the list (one page: no pager); the next page, then all on one page.
      await page.fill(id('lock-search'), '拠点07 2F');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="lock-row"]').length === 10,
      );
      expect((await page.locator(id('lock-range')).count()) === 0, 'a pager for ten locks');
      await page.fill(id('lock-search'), '');
      await page.waitForSelector(id('lock-next'));
      await page.click(id('lock-next'));
      await page.waitForFunction(() =>
        /^101–200 /.test(document.querySelector('[data-testid="lock-range"]').textContent),
      );
      await page.selectOption(id('lock-page-size'), '1000');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="lock-row"]').length === 1000,
      );
      const last = page.locator(id('lock-row')).last();
      await last.scrollIntoViewIfNeeded();
      await last.locator('img.thumb').waitFor();
      const after = new Set(photos).size;
      expect(after > asked && after < 400, `${after} photos after scrolling to the end`);

      await page.click(id('nav-users'));
      await page.waitForSelector(id('user-row'));
      const range = () => page.textContent(id('user-range'));
      expect(/of 20,?00\d/.test(await range()), `the users' range says ${await range()}`);
      // The administrator's code, among 20,000.
      await page.fill(id('user-search'), 'E0001');
      await page.waitForSelector(`${id('user-row')}:has-text("管理 太郎")`);
      expect((await page.locator(id('user-row')).count()) === 1, 'E0001 matches more than one');
      await page.fill(id('user-search'), '佐藤');
      await page.waitForFunction(() =>
        /^1–25 of [\d,]{3,}/.test(document.querySelector('[data-testid="user-range"]').textContent),
      );
      // 400 invitations: a page of 100 at once.
      await page.click(id('nav-invitations'));
      await page.waitForSelector(id('invite-row'));
      expect(
        (await page.locator(id('invite-row')).count()) === 100,
        'the invitations are not a page of 100',
      );
      expect(/^1–100 of 4\d\d$/.test(await page.textContent(id('invite-range'))), 'invite range');
      await page.click(id('nav-users'));
      await page.waitForSelector(id('user-row'));
      // A department of about two hundred, chosen among a hundred user groups.
      await page.fill(id('user-search'), '');
      await page.selectOption(id('user-group-filter'), { label: '部署001' });
      await page.waitForFunction(() =>
        /^1–25 of [12]\d\d$/.test(
          document.querySelector('[data-testid="user-range"]')?.textContent ?? '',
        ),
      );
      // At the window's first size the list's tools (search, group, range, page size) stay on
      // one line in either language, the longer Japanese words included.
      for (const language of ['ja', 'en']) {
        await page.selectOption(id('language'), language);
        await page.waitForSelector(id('user-page-size'));
        const [search, pageSize] = await Promise.all(
          ['user-search', 'user-page-size'].map((t) => page.locator(id(t)).boundingBox()),
        );
        expect(
          Math.abs(search.y + search.height / 2 - (pageSize.y + pageSize.height / 2)) < 8,
          `in ${language} the page size sits at ${pageSize.y}, the search at ${search.y}`,
        );
      }
      // History over the organization's thousand locks: the records the first sync brought,
      // and their count.
      await page.click(id('nav-history'));
      await page.waitForSelector(id('archive-row'), { timeout: 120_000 });
      expect(/\d/.test(await page.textContent(id('archive-total'))), 'History shows no count');
    });
  } finally {
    await own?.close();
  }
}
