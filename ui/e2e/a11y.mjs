// The axe gate over every screen and state walked below, each checked in English and Japanese,
// light and dark (the theme follows the system's prefers-color-scheme, emulated here). One walk
// over the states, the four combinations at each; a case fails with every serious or critical
// violation of its states. Self-contained: it starts from a reset host (the first start), tries the
// demo, and ends in English and the light theme.
import { axeViolations, describeViolations } from './axe.mjs';
import { call, sim } from './watch.mjs';
import { createLockGroup } from './lock_groups.mjs';

/** Language × theme, in an order that changes one of them at a time. */
const COMBOS = [
  { lang: 'en', scheme: 'light' },
  { lang: 'en', scheme: 'dark' },
  { lang: 'ja', scheme: 'dark' },
  { lang: 'ja', scheme: 'light' },
];

export async function a11yScreens({ page, host, test, expect, id, nav, stamp }) {
  /** The language through its menu's change event: works under a modal too (no click). */
  const setLanguage = (lang) =>
    page.evaluate((lang) => {
      const select = document.querySelector('[data-testid="language"]');
      if (!select || select.value === lang) return;
      select.value = lang;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }, lang);
  /** Two frames: the new words and colours are painted. */
  const settle = () =>
    page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
    );

  /** Runs axe on the current state in the four combinations; returns what failed. */
  const checkState = async (where) => {
    const failures = [];
    for (const { lang, scheme } of COMBOS) {
      await setLanguage(lang);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, lang);
      await page.emulateMedia({ colorScheme: scheme });
      await settle();
      const found = await axeViolations(page);
      if (found.length) failures.push({ where: `${where} (${lang}, ${scheme})`, found });
    }
    return failures;
  };
  /** A case over several states: all of them checked, then one failure listing every violation. */
  const a11yCase = (name, walk) =>
    test(`a11y: ${name}`, async () => {
      const failures = [];
      await walk(async (where) => failures.push(...(await checkState(where))));
      if (failures.length === 0) return;
      const rules = new Set(failures.flatMap((f) => f.found.map((v) => v.id)));
      const details = failures.map((f) => `${f.where}:\n${describeViolations(f.found)}`);
      console.log(details.join('\n'));
      throw new Error(
        `axe: ${[...rules].join(', ')} on ${failures.map((f) => f.where).join('; ')}`,
      );
    });

  // The first start: nothing connected yet. Afterwards the demo, as a newcomer tries it.
  await a11yCase('Connections at the first start', async (check) => {
    const reset = await host.fetch('/_host/reset', { method: 'POST' });
    expect(reset.ok, `POST /_host/reset answered ${reset.status}`);
    await page.goto(host.open);
    await page.waitForSelector(id('try-demo'));
    await page.waitForSelector(id('screen-connect'));
    await page.waitForSelector(id('setup-path'));
    await check('Connections, first start');
    await setLanguage('en');
    await page.click(id('try-demo'));
    await page.waitForSelector(`${id('screen-organizations')}, ${id('screen-today')}`, {
      timeout: 60_000,
    });
    if (await page.locator(id('screen-organizations')).count()) {
      await page.waitForSelector(id('org-option'));
      await check('Organizations');
      await page.locator(id('org-option')).first().click();
    }
    await page.waitForSelector(id('screen-today'));
  });

  await a11yCase('Connections, the sign-in card, Today', async (check) => {
    await nav('connect');
    await page.waitForSelector(id('leave-demo'));
    await check('Connections');
    await nav('sign-in');
    await check('Sign-in');
    await nav('today');
    await page.waitForSelector(id('today-items'));
    await check('Today');
  });

  await a11yCase(
    'Locks, the drawer, the image drop area, an error with its details',
    async (check) => {
      await nav('locks');
      await page.waitForSelector(id('lock-row'));
      await check('Locks');
      await page.locator(id('lock-row')).first().click();
      await page.waitForSelector(id('lock-detail'));
      await page.waitForSelector(id('lock-image-drop'));
      await check('Locks, drawer open');
      // Named and typed like a PNG, but not one: the core refuses it with an error notice.
      await page.setInputFiles(id('lock-image-input'), {
        name: 'fake.png',
        mimeType: 'image/png',
        buffer: Buffer.from('this is text, not a PNG'),
      });
      const notice = `${id('lock-image-status')} ${id('error-notice')}`;
      await page.waitForSelector(notice);
      await page.click(`${notice} ${id('error-details')} summary`);
      await check('Locks, image error with details open');
      // A dropped image waits as a preview inside the drop area, with Upload and Cancel.
      await page.evaluate(async () => {
        const c = document.createElement('canvas');
        c.width = 32;
        c.height = 24;
        c.getContext('2d').fillRect(0, 0, 32, 24);
        const blob = await new Promise((r) => c.toBlob(r, 'image/png'));
        const dt = new DataTransfer();
        dt.items.add(new File([blob], 'door.png', { type: 'image/png' }));
        const zone = document.querySelector('[data-testid="lock-image-drop"]');
        for (const type of ['dragover', 'drop'])
          zone.dispatchEvent(
            new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }),
          );
      });
      await page.waitForSelector(`img${id('lock-image-preview')}`);
      await check('Locks, a dropped image previewed');
      await page.keyboard.press('Escape');
      await page.waitForSelector(id('lock-detail'), { state: 'detached' });
    },
  );

  await a11yCase('Lock groups', async (check) => {
    await nav('lock-groups');
    await createLockGroup({ page, id }, `a11y group ${stamp}`);
    await check('Lock groups, a group open');
  });

  await a11yCase('Users, the drawer, the remove confirmation', async (check) => {
    await nav('users');
    await page.waitForSelector(id('user-row'));
    await check('Users');
    await page.locator(id('user-row')).first().click();
    await page.waitForSelector(id('user-detail'));
    await check('Users, drawer open');
    await page.click(id('user-remove-button'));
    await page.waitForSelector(id('confirm-ok'));
    await check('Users, remove confirmation');
    await page.click(id('confirm-cancel'));
    await page.keyboard.press('Escape');
  });

  await a11yCase('Invitations, the bulk preview and its results', async (check) => {
    await nav('invitations');
    await page.waitForSelector(id('invite-form'));
    await check('Invitations');
    const csv = `mail,authority,code\na11y-${stamp}@example.com,member,A1\nbroken-address,member,\n`;
    await page.setInputFiles(id('bulk-csv-input'), {
      name: 'a11y.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.waitForSelector(id('bulk-preview'));
    await check('Invitations, bulk preview');
    await page.click(id('bulk-run'));
    await page.waitForSelector(id('bulk-summary'), { timeout: 60_000 });
    await check('Invitations, bulk results');
  });

  await a11yCase('User groups', async (check) => {
    await nav('user-groups');
    await page.waitForSelector(id('user-group-item'));
    await page.locator(id('user-group-item')).first().click();
    await page.waitForSelector(id('user-group-detail'));
    await check('User groups, a group open');
  });

  await a11yCase('Activity, Watch (rules and alerts), Reports, Account', async (check) => {
    await nav('activity');
    await page.waitForSelector(id('activity-row'));
    await check('Activity');
    // An alert to list: a low battery at the simulator, then a round. Before History: the
    // round's sync fills the archive History lists (a sync after it would wait on the demo's
    // 50 history requests a minute).
    const status = await call(page, 'session_status');
    const { locks } = await call(page, 'locks_list');
    await sim(status, '/_sim/battery', { lock_id: locks[0].id, part: 'lock', percent: 7 });
    await nav('watch');
    await page.waitForSelector(id('watch-rules'));
    await page.click(id('watch-check-now'));
    await page.waitForSelector(id('watch-alert'), { timeout: 120_000 });
    await check('Watch');
    await nav('reports');
    await check('Reports');
    await nav('account');
    await page.waitForSelector(id('account-token-application'));
    await check('Account');
  });

  await a11yCase('History: records, charts, time card', async (check) => {
    await nav('history');
    await page.waitForSelector(id('archive-row'), { timeout: 120_000 });
    await check('History, records');
    await page.click(id('archive-view-charts'));
    await page.waitForSelector(`${id('archive-chart-kinds')} canvas`);
    await check('History, charts');
    await page.click(id('archive-view-timecard'));
    await page.waitForSelector(id('archive-timecard-row'));
    await check('History, time card');
    await page.click(id('archive-view-table'));
  });

  await a11yCase('the command palette', async (check) => {
    await page.keyboard.press('Control+K');
    await page.waitForSelector(id('palette-shortcuts'));
    await check('Command palette');
    await page.keyboard.type('a');
    await page.waitForSelector(id('palette-option'));
    await check('Command palette, matches');
    await page.keyboard.press('Escape');
    await page.waitForSelector(id('palette-input'), { state: 'detached' });
  });

  await a11yCase('the offline banner', async (check) => {
    await nav('locks');
    await page.waitForSelector(id('lock-row'));
    const service = async (state) => {
      const r = await host.fetch(`/_host/service/${state}`, { method: 'POST' });
      expect(r.ok, `POST /_host/service/${state} answered ${r.status}`);
    };
    await service('stop');
    try {
      await nav('users');
      await page.waitForSelector(id('offline-banner'));
      await page.waitForSelector(id('user-row'));
      await check('Users, offline');
    } finally {
      await service('start');
    }
    if (await page.locator(id('offline-retry')).count()) await page.click(id('offline-retry'));
    await page.waitForSelector(id('offline-banner'), { state: 'detached' });
  });

  // Later cases expect English and the light theme.
  await setLanguage('en').catch(() => undefined);
  await page.emulateMedia({ colorScheme: 'light' }).catch(() => undefined);
}
