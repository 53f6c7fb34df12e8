// Daily use of Locks, Users and Invitations at the desktop window's default size (1200×800),
// measured: the locks table fills the content width with no sideways scroll and one line a row,
// battery cells name their device, the low-battery badge filters, the drawers and the keyboard, the
// user count and the removal's words, invitations waiting first and newest first with "invite
// again", one toast that covers no work. Called by run.mjs with its page and helpers; leaves the
// viewport as it found it, on Locks.

export async function dailyScreens({ page, test, expect, id, nav, shot }) {
  const before = page.viewportSize();
  const api = (cmd, req) =>
    page.evaluate(
      async ([cmd, req]) => {
        const r = await fetch(`/api/${cmd}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-lockdesk-token': sessionStorage.getItem('lockdesk-test-host-token') ?? '',
          },
          body: JSON.stringify(req),
        });
        return r.json();
      },
      [cmd, req],
    );
  await page.setViewportSize({ width: 1200, height: 800 });

  await test('daily: locks table fills 1200×800, one line a row, no sideways scroll', async () => {
    await nav('locks');
    await page.waitForSelector(id('lock-row'));
    expect((await page.locator(id('lock-detail')).count()) === 0, 'a drawer is open');
    const m = await page.evaluate(() => {
      const main = document.querySelector('main');
      const cs = getComputedStyle(main);
      const content = main.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      const table = document.querySelector('[data-testid="lock-table"]');
      const box = table.parentElement;
      // Every cell's text on one line: all its line boxes share one top.
      const wrapped = [];
      for (const td of table.querySelectorAll('tbody td')) {
        const tops = new Set();
        const walk = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
          if (!n.textContent.trim() || n.parentElement.closest('.visually-hidden')) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
        }
        const lines = [...tops].sort((a, b) => a - b);
        if (lines.length > 1 && lines[lines.length - 1] - lines[0] > 6)
          wrapped.push(td.innerText.trim());
      }
      const heights = [...table.querySelectorAll('tbody tr')].map(
        (r) => r.getBoundingClientRect().height,
      );
      return {
        content,
        table: table.getBoundingClientRect().width,
        box: box.getBoundingClientRect().width,
        scrollWidth: box.scrollWidth,
        clientWidth: box.clientWidth,
        mainScroll: main.scrollWidth - main.clientWidth,
        wrapped,
        minH: Math.min(...heights),
        maxH: Math.max(...heights),
        rows: heights.length,
      };
    });
    console.log(`     measured: ${JSON.stringify({ ...m, wrapped: m.wrapped.length })}`);
    expect(
      m.scrollWidth <= m.clientWidth,
      `table scrolls sideways: ${m.scrollWidth} > ${m.clientWidth}`,
    );
    expect(m.mainScroll <= 0, `the screen scrolls sideways by ${m.mainScroll}px`);
    expect(m.box >= m.content - 1, `table box ${m.box}px of ${m.content}px content width`);
    expect(m.table >= m.clientWidth - 2, `table ${m.table}px in a box of ${m.clientWidth}px`);
    expect(m.wrapped.length === 0, `cells wrap: ${m.wrapped.slice(0, 5).join(' | ')}`);
    expect(m.maxH - m.minH <= 1, `rows from ${m.minH}px to ${m.maxH}px high`);
    await shot('daily-01-locks-1200x800');
  });

  await test('daily: battery cells name their device; the low-battery badge filters', async () => {
    await nav('locks');
    await page.waitForSelector(id('lock-row'));
    const { locks } = await api('locks_list', {});
    const names = {
      lock: 'Lock',
      nfc_reader_inside: 'Inside reader',
      nfc_reader_outside: 'Outside reader',
      door_sensor: 'Door sensor',
    };
    const cells = await page
      .locator(id('lock-row'))
      .evaluateAll((rs) =>
        Object.fromEntries(
          rs.map((r) => [
            r.dataset.lockId,
            r
              .querySelector('[data-testid="lock-battery-cell"] [data-testid="battery"] .num')
              ?.textContent.trim() ?? null,
          ]),
        ),
      );
    let deviceNamed = 0;
    let low = 0;
    for (const l of locks) {
      const all = [
        ...(l.battery ? [['lock', l.battery]] : []),
        ...l.devices.filter((d) => d.battery).map((d) => [d.kind, d.battery]),
      ];
      if (all.some(([, b]) => b.level !== 'ok')) low++;
      if (all.length === 0) continue;
      const [place, b] = all.reduce((a, x) => (x[1].percent < a[1].percent ? x : a));
      const want = `${names[place]} ${b.percent}%`;
      expect(cells[l.id] === want, `lock ${l.id}: cell "${cells[l.id]}", expected "${want}"`);
      if (place !== 'lock' && l.battery && l.battery.percent > b.percent) deviceNamed++;
    }
    expect(deviceNamed > 0, 'no lock whose weakest battery is on a device in the demo');
    const badge = await page.textContent(id('low-battery-count'));
    expect(badge.includes(String(low)), `badge "${badge}", ${low} locks with a low battery`);
    const all = await page.locator(id('lock-row')).count();
    await page.click(id('low-battery-count'));
    await page.waitForSelector(id('low-battery-filter'));
    const shown = await page.locator(id('lock-row')).count();
    expect(shown === low, `filter shows ${shown} rows, ${low} locks have a low battery`);
    const notLow = await page.locator(`${id('lock-row')}:not(.low)`).count();
    expect(notLow === 0, `${notLow} rows without a low battery under the filter`);
    expect(
      (await page.getAttribute(id('low-battery-count'), 'aria-pressed')) === 'true',
      'the badge does not show it is pressed',
    );
    await shot('daily-02-locks-low-battery');
    await page.click(id('low-battery-clear'));
    await page.waitForSelector(id('low-battery-filter'), { state: 'detached' });
    expect((await page.locator(id('lock-row')).count()) === all, 'clearing does not show all');
    // The badge also clears it, pressed a second time.
    await page.click(id('low-battery-count'));
    await page.waitForSelector(id('low-battery-filter'));
    await page.click(id('low-battery-count'));
    await page.waitForSelector(id('low-battery-filter'), { state: 'detached' });
  });

  await test('daily: keyboard ↑/↓, Enter opens the drawer, Esc closes it, / searches', async () => {
    await nav('locks');
    await page.waitForSelector(id('lock-row'));
    const ids = await page
      .locator(id('lock-row'))
      .evaluateAll((rs) => rs.map((r) => r.dataset.lockId));
    await page.locator(id('lock-row')).first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const focused = await page.evaluate(() => document.activeElement?.dataset.lockId);
    expect(focused === ids[1], `focus on ${focused}, expected the second row ${ids[1]}`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${id('lock-detail')}[data-lock-id="${ids[1]}"]`);
    const d = await page.locator(id('lock-detail')).boundingBox();
    expect(
      Math.abs(d.x + d.width - 1200) <= 1,
      `drawer ends at ${d.x + d.width}, not the right edge`,
    );
    await shot('daily-03-lock-drawer');
    await page.keyboard.press('Escape');
    await page.waitForSelector(id('lock-detail'), { state: 'detached' });
    const back = await page.evaluate(() => document.activeElement?.dataset.lockId);
    expect(back === ids[1], `focus after Esc on ${back}`);
    await page.keyboard.press('/');
    const search = await page.evaluate(() => document.activeElement?.dataset.testid);
    expect(search === 'lock-search', `/ focused ${search}`);
    await page.keyboard.press('Escape');
  });

  await test('daily: users drawer, "1–25 of N", name search, removal names the person', async () => {
    await nav('users');
    await page.waitForSelector(id('user-row'));
    const { users } = await api('users_list', {});
    const range = (await page.textContent(id('user-range'))).trim();
    expect(range === `1–25 of ${users.length}`, `range "${range}" for ${users.length} users`);
    const person = users.find((u) => u.name.length > 2);
    await page.fill(id('user-search'), person.name.toUpperCase());
    await page.waitForSelector(`${id('user-row')}[data-user-id="${person.id}"]`);
    const n = await page.locator(id('user-row')).count();
    expect(n < 25, `search by name left ${n} rows`);
    const after = (await page.textContent(id('user-range'))).trim();
    expect(after === `1–${n} of ${n}`, `range after the search: "${after}"`);
    await page.click(`${id('user-row')}[data-user-id="${person.id}"]`);
    await page.waitForSelector(`${id('user-detail')}[data-user-id="${person.id}"]`);
    expect(
      (await page.locator(`${id('user-row')} ${id('user-remove-button')}`).count()) === 0,
      'remove buttons in the table rows',
    );
    await page.click(id('user-remove-button'));
    const text = await page.textContent(`${id('confirm-dialog')} p`);
    expect(
      text.includes(`${person.name} loses access to every door now`),
      `the confirmation says "${text}"`,
    );
    const ok = await page.textContent(id('confirm-ok'));
    expect(ok.includes(person.name), `the confirm button says "${ok}"`);
    await shot('daily-04-user-remove-confirm');
    await page.click(id('confirm-cancel'));
    await page.click(id('user-edit-button'));
    await page.waitForSelector(`${id('user-detail')} ${id('user-edit')}`);
    await shot('daily-05-user-drawer-edit');
    await page.keyboard.press('Escape'); // leaves the form
    await page.waitForSelector(id('user-edit'), { state: 'detached' });
    await page.locator(id('user-detail')).click({ position: { x: 20, y: 200 } });
    await page.keyboard.press('Escape'); // closes the drawer
    await page.waitForSelector(id('user-detail'), { state: 'detached' });
    await page.fill(id('user-search'), '');
  });

  await test('daily: invitations waiting first, newest first; invite again; one toast clear of the work', async () => {
    await nav('invitations');
    await page.waitForSelector(id('invite-row'));
    // The list comes first: at 1200×800 its first rows show without scrolling.
    const vh = page.viewportSize().height;
    const firstBottom = await page
      .locator(id('invite-row'))
      .first()
      .evaluate((r) => r.getBoundingClientRect().bottom);
    expect(firstBottom < vh, `the first invitation ends at ${firstBottom} px of ${vh} px`);
    const order = async () =>
      page.locator(id('invite-row')).evaluateAll((rs) =>
        rs.map((r) => ({
          waiting: r.dataset.waiting === 'true',
          issued: Date.parse(r.dataset.issuedAt),
          mail: r.querySelector('td').textContent.trim(),
          again: !!r.querySelector('[data-testid="invite-again"]'),
          expiresIn: r.querySelector('[data-testid="invite-expires-in"]').textContent.trim(),
        })),
      );
    const rows = await order();
    const firstExpired = rows.findIndex((r) => !r.waiting);
    expect(firstExpired > 0, 'no waiting invitation before the expired ones');
    expect(!rows.slice(firstExpired).some((r) => r.waiting), 'a waiting row after an expired one');
    for (let i = 1; i < rows.length; i++)
      if (rows[i].waiting === rows[i - 1].waiting)
        expect(rows[i].issued <= rows[i - 1].issued, `row ${i + 1} is newer than the one above`);
    expect(
      rows.every((r) => r.again === !r.waiting),
      '"invite again" not exactly on expired rows',
    );
    expect(rows[0].expiresIn.startsWith('In '), `first row expires "${rows[0].expiresIn}"`);
    expect(rows[firstExpired].expiresIn.startsWith('Expired '), 'expired row says no "Expired"');
    await shot('daily-06-invitations');
    const mail = rows[firstExpired].mail;
    await page.locator(id('invite-again')).first().click();
    await page.waitForSelector(`${id('toast')}:has-text("${mail}")`);
    expect((await page.locator(id('toast')).count()) === 1, 'more than one toast');
    const t = await page.locator(id('toast')).boundingBox();
    const main = await page.locator('main').boundingBox();
    expect(
      t.x + t.width <= main.x,
      `the toast reaches ${t.x + t.width}px, the screen starts at ${main.x}px`,
    );
    await page.waitForFunction(
      (m) =>
        [...document.querySelectorAll('[data-testid="invite-row"]')].some(
          (r) => r.dataset.waiting === 'true' && r.querySelector('td').textContent.trim() === m,
        ),
      mail,
    );
    const now = await order();
    expect(
      now[0].mail === mail && now[0].waiting,
      `the new invitation is not first: ${now[0].mail}`,
    );
    expect(
      !now.some((r) => r.mail === mail && r.again),
      '"invite again" still offered for an address with a waiting invitation',
    );
    // The journal has it, like any invitation sent.
    const journal = await api('activity_list', {});
    const entries = journal.entries ?? [];
    expect(
      JSON.stringify(entries).includes(mail),
      'the invitation sent again is not in the journal',
    );
    await shot('daily-07-invitations-again');
  });

  await page.setViewportSize(before);
  // Back where the organization test left the page: the cases after these start on Locks.
  await nav('locks');
}
