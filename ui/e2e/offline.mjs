// Offline reading: each list screen is read once online (the core keeps it), then the test
// host stops the demo's simulator (connections refused, its data kept). Every screen shows
// the kept lists with the banner ("as of" time) and its write controls disabled, in English
// and Japanese; after the simulator starts again, "Try again" brings fresh data and the
// banner goes.
const SCREENS = [
  { screen: 'locks', rows: 'lock-row', writes: [] },
  { screen: 'lock-groups', rows: 'lock-group-item', writes: ['lock-group-new'] },
  {
    screen: 'users',
    rows: 'user-row',
    writes: ['user-new', 'user-invite-open', 'user-edit-button', 'user-remove-button'],
    // Edit and Remove live in the person's drawer.
    open: 'user-detail',
  },
  { screen: 'invitations', rows: 'invite-table', writes: ['invite-submit'] },
  { screen: 'user-groups', rows: 'user-group-item', writes: ['user-group-new'] },
];

export async function offlineScreens({ page, host, test, expect, id, nav, shot }) {
  const service = async (state) => {
    const r = await host.fetch(`/_host/service/${state}`, { method: 'POST' });
    expect(r.ok, `POST /_host/service/${state} answered ${r.status}`);
  };

  await test('offline: every list screen read-only from the kept lists, with the banner', async () => {
    for (const s of SCREENS) {
      await nav(s.screen);
      await page.waitForSelector(id(s.rows));
      expect(!(await page.locator(id('offline-banner')).count()), `banner online on ${s.screen}`);
    }
    await service('stop');
    try {
      for (const s of SCREENS) {
        await nav(s.screen);
        await page.waitForSelector(id('offline-banner'));
        await page.waitForSelector(id(s.rows));
        if (s.open) {
          await page.locator(id(s.rows)).first().click();
          await page.waitForSelector(id(s.open));
        }
        for (const w of s.writes) {
          expect(await page.locator(id(w)).first().isDisabled(), `${w} enabled offline`);
        }
        const text = await page.locator(id('offline-text')).innerText();
        expect(
          /^Offline — showing data as of \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}; changes are disabled\.$/.test(
            text,
          ),
          `banner text: ${text}`,
        );
        await shot(`20-offline-${s.screen}`);
        if (s.open) await page.keyboard.press('Escape');
      }
      // A lock's detail offline: rename disabled.
      await nav('locks');
      await page.locator(id('lock-row')).first().click();
      await page.waitForSelector(id('lock-detail'));
      await page.fill(id('lock-rename-input'), 'Offline name');
      expect(await page.locator(id('lock-rename-save')).isDisabled(), 'rename enabled offline');
      // In Japanese too.
      await page.selectOption(id('language'), 'ja');
      const ja = await page.locator(id('offline-text')).innerText();
      expect(
        /^オフラインです。\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} 時点のデータを表示しています。変更はできません。$/.test(
          ja,
        ),
        `Japanese banner: ${ja}`,
      );
      expect(!/[A-Za-z]/.test(ja), `English in the Japanese banner: ${ja}`);
      await shot('20-offline-ja');
      await page.selectOption(id('language'), 'en');
      // Still offline: "Try again" keeps the banner. (The lock's drawer, open above, covers
      // the banner's right end: closed first.)
      await page.keyboard.press('Escape');
      await page.waitForSelector(id('lock-detail'), { state: 'detached' });
      await page.click(id('offline-retry'));
      await page.waitForSelector(id('lock-row'));
      await page.waitForSelector(id('offline-banner'));
    } finally {
      await service('start');
    }
    // The next fresh answer may already have taken the banner away; else "Try again" does.
    if (await page.locator(id('offline-retry')).count()) await page.click(id('offline-retry'));
    await page.waitForSelector(id('offline-banner'), { state: 'detached' });
    await page.waitForSelector(id('lock-row'));
    await nav('users');
    await page.waitForSelector(id('user-row'));
    expect(!(await page.locator(id('user-new')).isDisabled()), 'writes enabled again');
  });
}
