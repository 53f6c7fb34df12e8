// Today (今日の状況), the first screen after the organization's choice, at the desktop window's
// default 1200×800: every item is inside the window without scrolling, and each links to the
// screen that deals with it (a missing step to the screen that has it).
const ITEMS = ['batteries', 'after-hours', 'invitations', 'silent', 'yesterday'];

export async function todayScreen({ page, test, expect, id, nav, shot }) {
  await test('today: first screen, every item visible at 1200×800, each links to its screen', async () => {
    const before = page.viewportSize();
    await page.setViewportSize({ width: 1200, height: 800 });
    try {
      await page.waitForSelector(id('screen-today'));
      await page.waitForSelector(id('today-items'));
      await page.waitForSelector(id('today-health'));
      for (const item of ITEMS) {
        const box = await page.locator(id(`today-${item}`)).boundingBox();
        expect(box, `item ${item} is shown`);
        expect(
          box.y >= 0 && box.y + box.height <= 800 && box.x + box.width <= 1200,
          `item ${item} is inside the window: ${JSON.stringify(box)}`,
        );
      }
      const scroll = await page.evaluate(() => {
        const m = document.querySelector('main');
        return {
          main: m.scrollHeight - m.clientHeight,
          page: document.documentElement.scrollHeight - window.innerHeight,
          wide: m.scrollWidth - m.clientWidth,
        };
      });
      expect(
        scroll.main <= 0 && scroll.page <= 0 && scroll.wide <= 0,
        `Today scrolls: ${JSON.stringify(scroll)}`,
      );
      // The demo has low batteries and lapsed invitations; its archive is not synced yet.
      expect((await page.locator(id('today-battery')).count()) > 0, 'batteries are listed');
      expect((await page.locator(id('today-invitation')).count()) > 0, 'invitations are listed');
      await page.waitForSelector(id('today-after-hours-missing'));
      await shot('02b-today');

      const opens = [
        ['today-batteries-open', 'locks'],
        ['today-invitations-open', 'invitations'],
        ['today-silent-open', 'history'],
        ['today-after-hours-step', 'history'],
      ];
      for (const [link, screen] of opens) {
        // Opening History syncs the archive, after which Today rightly misses no step.
        if (link.endsWith('-step') && !(await page.locator(id(link)).count())) continue;
        await page.click(id(link));
        await page.waitForSelector(id(`screen-${screen}`));
        await nav('today');
        await page.waitForSelector(id('today-items'));
      }
      // A battery's lock opens on Locks with that lock selected.
      await page
        .locator(`${id('today-battery')} button`)
        .first()
        .click();
      await page.waitForSelector(id('screen-locks'));
      await page.waitForSelector(id('lock-detail'));
      await nav('today');
    } finally {
      await page.setViewportSize(before);
    }
  });
}
