// Keyboard only: from a cold start, Tab, Shift+Tab, Enter, Space, Esc and typing take a newcomer
// through Try the demo, Today, renaming a lock, choosing its image in the file picker, inviting a
// person, a bulk import, a History filter and an export. No clicks and no page.fill: page.keyboard
// alone (page.evaluate only reads). Also: focus moves into the drawer, the confirmation and the
// palette and back to the opener on Esc, Tab stays inside a modal, the skip link works, and the
// focus ring is >= 2px at >= 3:1 in both themes.
import { readFileSync } from 'node:fs';

/** Presses Tab (Shift+Tab when `back`) until the focused element matches `selector`. */
export async function tabTo(page, selector, { max = 250, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${selector}`);
}

/** What has focus: its test id, tag and whether it sits inside `within` (a selector). */
const focused = (page, within = null) =>
  page.evaluate((w) => {
    const a = document.activeElement;
    return {
      testid: a?.dataset?.testid ?? null,
      tag: a?.tagName ?? null,
      text: (a?.textContent ?? '').trim().slice(0, 60),
      inside: w ? !!a?.closest(w) : null,
      lockId: a?.dataset?.lockId ?? null,
      userId: a?.dataset?.userId ?? null,
    };
  }, within);

/** The focused element's ring: outline width and its contrast against what lies behind it. */
const ring = (page) =>
  page.evaluate(() => {
    const lum = (c) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const rgba = (s) => {
      const m = s.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const p = m[1]
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return { c: p.slice(0, 3), a: p.length > 3 ? p[3] : 1 };
    };
    const el = document.activeElement;
    const st = getComputedStyle(el);
    // Behind an outline drawn outside: the nearest opaque background of an ancestor; inside
    // (negative offset): the element's own, else its ancestors'.
    const inside = parseFloat(st.outlineOffset) < 0;
    let bg = null;
    for (let n = inside ? el : el.parentElement; n && !bg; n = n.parentElement) {
      const c = rgba(getComputedStyle(n).backgroundColor);
      if (c && c.a === 1) bg = c.c;
    }
    bg ??= rgba(getComputedStyle(document.body).backgroundColor)?.c ?? [255, 255, 255];
    const fg = rgba(st.outlineColor)?.c ?? bg;
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return {
      testid: el.dataset?.testid ?? el.tagName,
      style: st.outlineStyle,
      width: parseFloat(st.outlineWidth),
      ratio: (a + 0.05) / (b + 0.05),
    };
  });

/** A small PNG, drawn by the page's canvas (the bytes only; nothing is clicked). */
const pngBytes = (page) =>
  page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 48;
    c.height = 32;
    const g = c.getContext('2d');
    g.fillStyle = '#1b7f4d';
    g.fillRect(0, 0, 48, 32);
    const blob = await new Promise((r) => c.toBlob(r, 'image/png'));
    return [...new Uint8Array(await blob.arrayBuffer())];
  });

/** Enter (or Space) on the focused chooser button, and the files given to the picker it opens. */
async function chooseFile(page, key, file) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press(key)]);
  await chooser.setFiles(file);
}

export async function keyboardScreens({ page, host, test, expect, id, shot, stamp }) {
  // Playwright turns the browser's file-chooser interception on when a listener appears, over
  // a round trip of its own: on from the start, no key press can beat it (a picker opened
  // before it is shown natively and never reported).
  const noChooser = () => undefined;
  page.on('filechooser', noChooser);
  const nav = async (screen) => {
    // The navigation is before the screen: back from where the focus is, round if needed.
    const here = (await page.locator(id(`screen-${screen}`)).count()) > 0;
    await tabTo(page, id(`nav-${screen}`), { back: true });
    await page.keyboard.press('Enter');
    await page.waitForSelector(id(`screen-${screen}`));
    // The screen's heading takes focus when the screen changes.
    if (here) return;
    const f = await focused(page, 'main');
    expect(f.tag === 'H1' && f.inside, `after ${screen} opened, focus is on ${f.tag} ${f.testid}`);
  };

  await test('keyboard: cold start, the skip link, then Try the demo lands on Today', async () => {
    const reset = await host.fetch('/_host/reset', { method: 'POST' });
    expect(reset.ok, `reset answered ${reset.status}`);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(host.open);
    await page.waitForSelector(id('try-demo'));
    // The first Tab stop: the skip link, shown when focused.
    await page.keyboard.press('Tab');
    let f = await focused(page);
    expect(f.testid === 'skip-link', `the first Tab stop is ${f.tag} ${f.testid}`);
    const box = await page.locator(id('skip-link')).boundingBox();
    expect(
      box && box.x >= 0 && box.y >= 0 && box.width > 20,
      `skip link at ${JSON.stringify(box)}`,
    );
    const r = await ring(page);
    expect(r.width >= 2 && r.ratio >= 3, `skip link ring ${r.width}px at ${r.ratio.toFixed(2)}:1`);
    await shot('kb-01-skip-link');
    await page.keyboard.press('Enter');
    f = await focused(page, 'main');
    expect(f.tag === 'H1' && f.inside, `the skip link led to ${f.tag} ${f.testid}`);
    // The next Tab is inside the screen, not back in the sidebar.
    await page.keyboard.press('Tab');
    f = await focused(page, 'main');
    expect(f.inside, `Tab after the skip link went to ${f.tag} ${f.testid}`);

    await tabTo(page, id('try-demo'));
    await page.keyboard.press('Enter');
    await page.waitForSelector(id('screen-today'), { timeout: 60_000 });
    await page.waitForSelector(id('demo-badge'));
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="switcher-org"]')?.textContent?.trim(),
    );
    f = await focused(page, 'main');
    expect(f.tag === 'H1' && f.inside, `Today opened with focus on ${f.tag} ${f.testid}`);
  });

  await test('keyboard: rename a lock, choose its image in the file picker, Esc back to the row', async () => {
    await nav('locks');
    await page.waitForSelector(id('lock-row'));
    await tabTo(page, id('lock-row'));
    const lockId = (await focused(page)).lockId;
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${id('lock-detail')}[data-lock-id="${lockId}"]`);
    let f = await focused(page, id('lock-detail'));
    expect(f.inside, `the drawer opened, focus stayed on ${f.tag} ${f.testid}`);

    await tabTo(page, id('lock-rename-input'));
    const name = `Keyboard door ${stamp}`;
    await page.keyboard.press('Control+A');
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${id('lock-row')}[data-lock-id="${lockId}"]:has-text("${name}")`);

    await tabTo(page, id('lock-image-choose'));
    const r = await ring(page);
    expect(r.width >= 2 && r.ratio >= 3, `choose button ring ${r.width}px at ${r.ratio}:1`);
    await shot('kb-02-lock-image-choose');
    await chooseFile(page, 'Space', {
      name: 'keyboard.png',
      mimeType: 'image/png',
      buffer: Buffer.from(await pngBytes(page)),
    });
    await page.waitForSelector(`${id('lock-image-status')}:has-text("Image updated")`);
    await page.waitForSelector(id('lock-image'));

    await page.keyboard.press('Escape');
    await page.waitForSelector(id('lock-detail'), { state: 'detached' });
    f = await focused(page);
    expect(
      f.testid === 'lock-row' && f.lockId === lockId,
      `Esc left focus on ${f.tag} ${f.testid} ${f.lockId ?? ''}, not the lock's row`,
    );
  });

  await test('keyboard: invite a person, then a bulk import from the file picker', async () => {
    await nav('invitations');
    await page.waitForSelector(id('invite-form'));
    const mail = `keyboard-${stamp}@example.com`;
    await tabTo(page, id('invite-mail'));
    await page.keyboard.type(mail);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${id('invite-result')}:has-text("${mail}")`);

    await tabTo(page, id('bulk-choose'));
    const csv = `mail,authority\nkb-a-${stamp}@example.com,member\nkb-b-${stamp}@example.com,manager\n`;
    await chooseFile(page, 'Enter', {
      name: 'keyboard.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.waitForSelector(id('bulk-preview'));
    await tabTo(page, id('bulk-run'));
    await page.keyboard.press('Enter');
    await page.waitForSelector(id('bulk-summary'), { timeout: 60_000 });
    await shot('kb-03-bulk-done');
  });

  await test('keyboard: History, a filter, then an export', async () => {
    await nav('history');
    await page.waitForSelector(id('archive-row'), { timeout: 120_000 });
    await page.waitForSelector(id('archive-total'));
    const count = async () =>
      Number((await page.textContent(id('archive-total'))).replace(/[^\d]/g, ''));
    // The archive fills while it syncs: wait for it to settle, then filter.
    await page.waitForSelector(id('archive-sync-done'), { timeout: 240_000 });
    const all = await count();
    await tabTo(page, id('archive-filter-action'));
    // On a closed select, ↓ picks the next option (All → Locked).
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(
      ([sel, n]) => Number(document.querySelector(sel)?.textContent?.replace(/[^\d]/g, '')) < n,
      [id('archive-total'), all],
    );
    const locked = await count();
    expect(locked > 0 && locked < all, `locked ${locked} of ${all}`);
    await tabTo(page, id('archive-export'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ]);
    // The header, a line per record, and the note of the organization the records are of.
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n').length;
    expect(lines === locked + 2, `the export has ${lines} lines for ${locked} records`);
    await page.waitForSelector(id('archive-exported'));
    await shot('kb-04-history-export');
  });

  await test('keyboard: focus into the drawer, confirmation and palette, back on Esc; Tab stays in the modal', async () => {
    // The command palette from a nav item: focus in, Tab stays, Esc gives it back.
    await tabTo(page, id('nav-users'), { back: true });
    await page.keyboard.press('Control+K');
    await page.waitForSelector(id('palette-input'));
    let f = await focused(page);
    expect(f.testid === 'palette-input', `the palette opened, focus on ${f.tag} ${f.testid}`);
    for (const key of ['Tab', 'Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      f = await focused(page, id('palette'));
      expect(f.inside, `${key} left the palette for ${f.tag} ${f.testid}`);
    }
    await page.keyboard.press('Escape');
    await page.waitForSelector(id('palette-input'), { state: 'detached' });
    f = await focused(page);
    expect(f.testid === 'nav-users', `Esc gave focus to ${f.tag} ${f.testid}, not nav-users`);

    // A user's drawer, then the removal's confirmation.
    await page.keyboard.press('Enter');
    await page.waitForSelector(id('screen-users'));
    await page.waitForSelector(id('user-row'));
    await tabTo(page, id('user-row'));
    const userId = (await focused(page)).userId;
    await page.keyboard.press('Enter');
    await page.waitForSelector(id('user-detail'));
    f = await focused(page, id('user-detail'));
    expect(f.inside, `the user drawer opened, focus on ${f.tag} ${f.testid}`);
    await tabTo(page, id('user-remove-button'));
    await page.keyboard.press('Enter');
    await page.waitForSelector(id('confirm-ok'));
    f = await focused(page, id('confirm-dialog'));
    expect(f.inside, `the confirmation opened, focus on ${f.tag} ${f.testid}`);
    await shot('kb-05-confirm-focus');
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      f = await focused(page, id('confirm-dialog'));
      expect(f.inside, `${key} left the confirmation for ${f.tag} ${f.testid}`);
    }
    await page.keyboard.press('Escape');
    await page.waitForSelector(id('confirm-ok'), { state: 'detached' });
    f = await focused(page);
    expect(f.testid === 'user-remove-button', `Esc gave focus to ${f.tag} ${f.testid}`);
    expect((await page.locator(id('user-detail')).count()) === 1, 'Esc closed the drawer too');
    await page.keyboard.press('Escape');
    await page.waitForSelector(id('user-detail'), { state: 'detached' });
    f = await focused(page);
    expect(
      f.testid === 'user-row' && f.userId === userId,
      `Esc left focus on ${f.tag} ${f.testid}, not the user's row`,
    );
  });

  await test('keyboard: the focus ring is 2px at 3:1 or more, light and dark', async () => {
    const stops = [
      ['nav-locks', true],
      ['lock-search', false],
      ['lock-sort-name', false],
      ['lock-row', false],
      ['lock-detail-close', false],
      ['lock-rename-input', false],
      ['lock-image-choose', false],
    ];
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      await nav('locks');
      await page.waitForSelector(id('lock-row'));
      const seen = [];
      for (const [testid, back] of stops) {
        if (testid === 'lock-detail-close') {
          // Into the drawer of the row that has focus.
          await page.keyboard.press('Enter');
          await page.waitForSelector(id('lock-detail'));
        }
        await tabTo(page, id(testid), { back });
        const r = await ring(page);
        seen.push(`${r.testid} ${r.width}px ${r.ratio.toFixed(1)}:1`);
        expect(
          r.style !== 'none' && r.width >= 2 && r.ratio >= 3,
          `${scheme}: ${r.testid} ring ${r.style} ${r.width}px at ${r.ratio.toFixed(2)}:1`,
        );
        if (testid === 'lock-row') await shot(`kb-06-row-ring-${scheme}`);
      }
      console.log(`     ${scheme}: ${seen.join(', ')}`);
      await page.keyboard.press('Escape');
      await page.waitForSelector(id('lock-detail'), { state: 'detached' });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });
  page.off('filechooser', noChooser);
}
