// What screen readers, zoom and the system's display modes need: the page's language, tables with
// captions and headers, the sort state, toasts in live regions, the charts' numbers as tables,
// reduced motion, Windows high contrast (Chromium's forced-colors emulation) and 200% zoom of a
// 1280×720 window. Pictures: artifacts/ui/a11y-*.png (two of them are copied by hand to
// docs/screenshots/: a11y-focus-ja-light.png, a11y-forced-colors-en.png).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The screens of the sidebar that every check below visits. */
const SCREENS = [
  'today',
  'locks',
  'lock-groups',
  'users',
  'invitations',
  'user-groups',
  'history',
  'activity',
  'watch',
  'reports',
  'account',
];

/** Every table of the page: its caption, and whether each header cell has a scope. */
const readTables = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main table')].map((t) => ({
      id: t.dataset.testid ?? t.className,
      caption: t.caption?.textContent.trim() ?? '',
      heads: t.querySelectorAll('thead th').length,
      unscoped: [...t.querySelectorAll('th')].filter((th) => !th.getAttribute('scope')).length,
      emptyHeads: [...t.querySelectorAll('thead th')].filter((th) => !th.textContent.trim()).length,
    })),
  );

/** Sideways overflow of the document and of the screen's own scroll box (main). */
const overflow = (page) =>
  page.evaluate(() => {
    const d = document.documentElement;
    const main = document.querySelector('main');
    const aside = document.querySelector('.shell > aside');
    return {
      doc: d.scrollWidth - d.clientWidth,
      main: main.scrollWidth - main.clientWidth,
      nav: aside ? aside.scrollWidth - aside.clientWidth : 0,
    };
  });

export async function a11yModes({ page, context, test, expect, id, nav, shot, shots }) {
  const runningAnimations = () =>
    page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);

  await test('a11y-modes: <html lang> follows the UI language', async () => {
    await nav('locks');
    expect((await page.getAttribute('html', 'lang')) === 'en', 'lang is not en in English');
    await page.selectOption(id('language'), 'ja');
    await page.waitForSelector(`${id('nav-locks')}:has-text("錠")`);
    expect((await page.getAttribute('html', 'lang')) === 'ja', 'lang is not ja in Japanese');
    await page.selectOption(id('language'), 'en');
    await page.waitForSelector(`${id('nav-locks')}:has-text("Locks")`);
    expect((await page.getAttribute('html', 'lang')) === 'en', 'lang not back to en');
  });

  await test('a11y-modes: a toast is read from a live region that was already in the page', async () => {
    await nav('locks');
    // Both regions exist before any toast (a region added with its text is often not read).
    const roles = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid^="toasts-"]')].map((r) => r.getAttribute('role')),
    );
    expect(roles.includes('status') && roles.includes('alert'), `toast regions: ${roles}`);
    // So is the offline banner's, empty while online.
    expect(
      (await page.getAttribute(id('offline-region'), 'role')) === 'status',
      'no status region for the offline banner while online',
    );
    await page.locator(id('lock-row')).first().click();
    await page.waitForSelector(id('lock-detail'));
    const before = await page.inputValue(id('lock-rename-input'));
    const renamed = async (name) => {
      await page.fill(id('lock-rename-input'), name);
      await page.click(id('lock-rename-save'));
      await page.waitForSelector(`${id('toast')}`);
      const live = await page.evaluate(() => {
        const t = document.querySelector('[data-testid="toast"]');
        const region = t.closest('[role="status"], [role="alert"]');
        return { role: region?.getAttribute('role'), text: t.textContent };
      });
      expect(live.role === 'status', `a saved toast's region: ${live.role} (${live.text})`);
    };
    await renamed(`${before.slice(0, 40)} a11y`);
    await page.waitForSelector(id('toast'), { state: 'detached', timeout: 10_000 });
    await renamed(before);
    await page.keyboard.press('Escape');
    await page.waitForSelector(id('lock-detail'), { state: 'detached' });
  });

  await test('a11y-modes: every table has a caption and scoped column headers, in both languages', async () => {
    // Each screen with its tables (History's three tabs each show their own).
    const visits = [
      { screen: 'locks', ready: 'lock-row', tables: ['lock-table'] },
      { screen: 'users', ready: 'user-row', tables: ['user-table'] },
      { screen: 'invitations', ready: 'invite-table', tables: ['invite-table'] },
      { screen: 'activity', ready: 'activity-table', tables: ['activity-table'] },
      { screen: 'history', tab: 'table', ready: 'archive-table', tables: ['archive-table'] },
      {
        screen: 'history',
        tab: 'charts',
        ready: 'archive-top-users',
        tables: [
          'archive-chart-daily-table',
          'archive-chart-heatmap-table',
          'archive-chart-kinds-table',
          'archive-top-users',
        ],
      },
      { screen: 'history', tab: 'timecard', ready: 'archive-timecard', tables: [] },
    ];
    const captions = {};
    for (const lang of ['en', 'ja']) {
      await page.selectOption(id('language'), lang);
      for (const v of visits) {
        await nav(v.screen);
        if (v.tab) await page.click(id(`archive-view-${v.tab}`));
        await page.waitForSelector(id(v.ready), { state: 'attached' });
        const tables = await readTables(page);
        for (const want of v.tables)
          expect(
            tables.some((t) => t.id === want),
            `${v.screen}: no table ${want} (${tables.map((t) => t.id)})`,
          );
        expect(tables.length > 0, `${v.screen}${v.tab ? `/${v.tab}` : ''}: no table`);
        for (const t of tables) {
          const where = `${lang} ${v.screen} ${t.id}`;
          expect(t.caption !== '', `${where}: no caption`);
          expect(t.heads > 0, `${where}: no column headers`);
          expect(t.unscoped === 0, `${where}: ${t.unscoped} header cells without scope`);
          expect(t.emptyHeads === 0, `${where}: ${t.emptyHeads} empty header cells`);
          (captions[t.id] ??= {})[lang] = t.caption;
        }
      }
    }
    await page.selectOption(id('language'), 'en');
    for (const [table, c] of Object.entries(captions))
      expect(c.en !== c.ja, `${table}: the caption is not in Japanese: ${c.ja}`);
  });

  await test('a11y-modes: sorting the locks announces the sort state (aria-sort)', async () => {
    await nav('locks');
    await page.waitForSelector(id('lock-row'));
    const sortOf = () =>
      page.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll('[data-testid="lock-table"] thead th')].map((th) => [
            th.querySelector('button')?.dataset.testid,
            th.getAttribute('aria-sort'),
          ]),
        ),
      );
    let s = await sortOf();
    expect(s['lock-sort-name'] === 'ascending', `first: name ${s['lock-sort-name']}`);
    expect(s['lock-sort-id'] === 'none', `first: id ${s['lock-sort-id']}`);
    await page.click(id('lock-sort-name'));
    s = await sortOf();
    expect(s['lock-sort-name'] === 'descending', `after one click: name ${s['lock-sort-name']}`);
    await page.click(id('lock-sort-id'));
    s = await sortOf();
    expect(s['lock-sort-id'] === 'ascending', `by id: id ${s['lock-sort-id']}`);
    expect(s['lock-sort-name'] === 'none', `by id: name ${s['lock-sort-name']}`);
    // The sort buttons are named after their column.
    const name = await page.evaluate(() => {
      const b = document.querySelector('[data-testid="lock-sort-id"]');
      return b.getAttribute('aria-label') ?? b.textContent.trim();
    });
    expect(/Id/i.test(name), `the id column's sort button is named "${name}"`);
    await page.click(id('lock-sort-name'));
  });

  await test('a11y-modes: each History chart has its numbers as a table, the same as the chart', async () => {
    await nav('history');
    await page.click(id('archive-view-charts'));
    await page.waitForSelector(`${id('archive-chart-daily')} canvas`);
    const total = Number((await page.textContent(id('archive-chart-total'))).replace(/[^\d]/g, ''));
    expect(total > 0, 'no records to chart');
    // The canvas is a picture with a name; the table is behind "Show the numbers as a table".
    for (const chart of ['daily', 'heatmap', 'kinds']) {
      const c = id(`archive-chart-${chart}`);
      expect((await page.getAttribute(c, 'role')) === 'img', `${chart}: canvas not role=img`);
      expect(!!(await page.getAttribute(c, 'aria-label')), `${chart}: picture has no name`);
      await page.click(`${id(`archive-chart-${chart}-numbers`)} summary`);
      await page.waitForSelector(`${id(`archive-chart-${chart}-table`)} tbody tr`);
    }
    const sums = await page.evaluate(() => {
      const sum = (t) =>
        [...document.querySelectorAll(`[data-testid="archive-chart-${t}-table"] tbody td`)]
          .map((td) => Number(td.textContent.replace(/[^\d]/g, '')))
          .reduce((a, b) => a + b, 0);
      const rows = (t) =>
        document.querySelectorAll(`[data-testid="archive-chart-${t}-table"] tbody tr`).length;
      return {
        daily: sum('daily'),
        heatmap: sum('heatmap'),
        kinds: sum('kinds'),
        hours: rows('heatmap'),
        days: rows('daily'),
      };
    });
    for (const chart of ['daily', 'heatmap', 'kinds'])
      expect(sums[chart] === total, `${chart} table sums to ${sums[chart]}, chart ${total}`);
    expect(sums.hours === 24, `heatmap table has ${sums.hours} hours`);
    await shot('a11y-chart-table');
    // In Japanese: the disclosure and the headers are Japanese.
    await page.selectOption(id('language'), 'ja');
    const summary = await page.textContent(`${id('archive-chart-heatmap-numbers')} summary`);
    const heads = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="archive-chart-heatmap-table"] th')]
        .slice(0, 8)
        .map((th) => th.textContent)
        .join(' '),
    );
    await page.selectOption(id('language'), 'en');
    expect(!/[A-Za-z]/.test(summary + heads), `English in Japanese: ${summary} ${heads}`);
  });

  await test('a11y-modes: reduced motion leaves no CSS animation running', async () => {
    // The control: without the preference, a spinning element runs.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const probe = () =>
      page.evaluate(() => {
        const el = document.createElement('div');
        el.className = 'a11y-probe';
        el.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 1000, iterations: Infinity });
        const style = document.createElement('style');
        style.textContent =
          '@keyframes a11y-probe { to { transform: rotate(1turn); } } .a11y-probe-css { animation: a11y-probe 1s linear infinite; }';
        document.head.append(style);
        const css = document.createElement('div');
        css.className = 'a11y-probe-css';
        document.body.append(css);
        const running = document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.animationName === 'a11y-probe').length;
        el.remove();
        css.remove();
        style.remove();
        return running;
      });
    expect((await probe()) === 1, 'the probe animation does not run without the preference');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      expect((await probe()) === 0, 'a CSS animation runs under reduced motion');
      // The real screens while they load (spinners) and a History sync (a busy bar).
      for (const s of SCREENS) {
        await page.click(id(`nav-${s}`));
        const n = await runningAnimations();
        expect(n === 0, `${s}: ${n} animations running under reduced motion`);
      }
      await nav('history');
      // Opening History may have started a sync already (then Sync is Cancel); else start one.
      await page
        .locator(id('archive-sync'))
        .click({ timeout: 2000 })
        .catch(() => undefined);
      for (let i = 0; i < 10; i++) {
        const n = await runningAnimations();
        expect(n === 0, `History sync: ${n} animations running under reduced motion`);
        // The sync's bar, while it shows, is a named progress bar.
        const bars = await page.evaluate(() =>
          [...document.querySelectorAll('[role="progressbar"]')].map((b) =>
            b.getAttribute('aria-label'),
          ),
        );
        expect(
          bars.every((name) => !!name),
          `a progress bar without a name: ${bars}`,
        );
        await page.waitForTimeout(100);
      }
      // Stopped again: the archive stays as synced before, for the cases after this one.
      await page
        .locator(id('archive-sync-cancel'))
        .click({ timeout: 2000 })
        .catch(() => undefined);
      await page.waitForSelector(id('archive-sync'), { timeout: 60_000 });
    } finally {
      await page.emulateMedia({ reducedMotion: null });
    }
  });

  await test('a11y-modes: high contrast keeps the selected row, the current item and focus edged', async () => {
    await page.emulateMedia({ forcedColors: 'active' });
    try {
      expect(
        await page.evaluate(() => matchMedia('(forced-colors: active)').matches),
        'forced colours not emulated',
      );
      await nav('locks');
      await page.waitForSelector(id('lock-row'));
      await page.locator(id('lock-row')).nth(1).click();
      await page.waitForSelector(id('lock-detail'));
      const edges = await page.evaluate(() => {
        const px = (v) => parseFloat(v) || 0;
        const row = document.querySelector('[data-testid="lock-row"][aria-selected="true"]');
        const first = getComputedStyle(row.firstElementChild);
        const cur = getComputedStyle(document.querySelector('nav [aria-current="page"]'));
        const edge = (s, side) => ({
          width: px(s[`border${side}Width`]),
          style: s[`border${side}Style`],
          color: s[`border${side}Color`],
        });
        return {
          rowLeft: edge(first, 'Left'),
          rowTop: edge(first, 'Top'),
          nav: { width: px(cur.outlineWidth), style: cur.outlineStyle, color: cur.outlineColor },
        };
      });
      const visible = (e) =>
        e.width >= 2 && e.style === 'solid' && !/rgba\(0, 0, 0, 0\)|transparent/.test(e.color);
      expect(visible(edges.rowLeft), `selected row edge: ${JSON.stringify(edges.rowLeft)}`);
      expect(visible(edges.rowTop), `selected row top: ${JSON.stringify(edges.rowTop)}`);
      expect(visible(edges.nav), `current nav item: ${JSON.stringify(edges.nav)}`);
      // Focus from the keyboard, inside the drawer: a solid ring of >= 2px.
      await page.focus(id('lock-rename-input'));
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const a = document.activeElement;
        const s = getComputedStyle(a);
        return {
          tag: a.tagName,
          focusVisible: a.matches(':focus-visible'),
          width: parseFloat(s.outlineWidth) || 0,
          style: s.outlineStyle,
          color: s.outlineColor,
        };
      });
      expect(ring.focusVisible, `no visible focus on ${ring.tag}`);
      expect(visible(ring), `focus ring in high contrast: ${JSON.stringify(ring)}`);
      await shot('a11y-forced-colors-en');
      await page.keyboard.press('Escape');
      await page.waitForSelector(id('lock-detail'), { state: 'detached' });
    } finally {
      await page.emulateMedia({ forcedColors: null });
    }
  });

  await test('a11y-modes: focus ring pictures, light and dark', async () => {
    for (const [lang, scheme] of [
      ['ja', 'light'],
      ['en', 'dark'],
    ]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.selectOption(id('language'), lang);
      await nav('locks');
      await page.waitForSelector(id('lock-row'));
      await page.locator(id('lock-row')).nth(1).click();
      await page.waitForSelector(id('lock-detail'));
      await page.focus(id('lock-rename-input'));
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const s = getComputedStyle(document.activeElement);
        return { width: parseFloat(s.outlineWidth) || 0, style: s.outlineStyle };
      });
      expect(ring.width >= 2 && ring.style !== 'none', `${lang} ${scheme}: ring ${ring.width}`);
      await shot(`a11y-focus-${lang}-${scheme}`);
      await page.keyboard.press('Escape');
      await page.waitForSelector(id('lock-detail'), { state: 'detached' });
    }
    await page.emulateMedia({ colorScheme: null });
    await page.selectOption(id('language'), 'en');
  });

  await test('a11y-modes: at 200% zoom of 1280×720 no screen scrolls sideways', async () => {
    const cdp = await context.newCDPSession(page);
    const before = page.viewportSize();
    await cdp.send('Emulation.setDeviceMetricsOverride', {
      width: 640,
      height: 360,
      deviceScaleFactor: 2,
      mobile: false,
    });
    // The window as it is (a full-page picture would change the emulated size).
    const zoomShot = async (name) => {
      const { data } = await cdp.send('Page.captureScreenshot', { format: 'png' });
      writeFileSync(join(shots, `${name}.png`), Buffer.from(data, 'base64'));
    };
    try {
      for (const lang of ['en', 'ja']) {
        await page.selectOption(id('language'), lang);
        for (const s of SCREENS) {
          await page.click(id(`nav-${s}`));
          await page.waitForSelector(id(`screen-${s}`));
          await page.waitForTimeout(400);
          const size = await page.evaluate(() => [innerWidth, devicePixelRatio]);
          expect(size[0] === 640 && size[1] === 2, `not at 200% zoom: ${size}`);
          const o = await overflow(page);
          expect(
            o.doc <= 0 && o.main <= 0 && o.nav <= 0,
            `${lang} ${s}: sideways overflow ${JSON.stringify(o)}`,
          );
          // A screen's drawer fits too.
          const row = { locks: 'lock-row', users: 'user-row' }[s];
          if (row) {
            await page.locator(id(row)).first().click();
            const drawer = s === 'locks' ? 'lock-detail' : 'user-detail';
            await page.waitForSelector(id(drawer));
            const fit = await page.evaluate((d) => {
              const el = document.querySelector(`[data-testid="${d}"]`);
              const r = el.getBoundingClientRect();
              const body = el.querySelector('.drawer-body') ?? el;
              return {
                inside: r.left >= 0 && r.right <= innerWidth + 0.5,
                wide: body.scrollWidth - body.clientWidth,
              };
            }, drawer);
            expect(fit.inside && fit.wide <= 0, `${lang} ${s} drawer: ${JSON.stringify(fit)}`);
            if (lang === 'ja' && s === 'locks') await zoomShot('a11y-zoom-200-locks-ja');
            await page.keyboard.press('Escape');
            await page.waitForSelector(id(drawer), { state: 'detached' });
          }
          if (lang === 'en' && (s === 'today' || s === 'history'))
            await zoomShot(`a11y-zoom-200-${s}-en`);
        }
      }
      // The connections, with the demo's saved.
      await nav('connect');
      await page.waitForSelector(id('profiles-table'));
      const o = await overflow(page);
      expect(o.doc <= 0 && o.main <= 0, `connections: sideways overflow ${JSON.stringify(o)}`);
      await nav('today');
    } finally {
      await cdp.send('Emulation.clearDeviceMetricsOverride');
      if (before) await page.setViewportSize(before);
      await cdp.detach().catch(() => undefined);
      await page.selectOption(id('language'), 'en');
    }
  });
}
