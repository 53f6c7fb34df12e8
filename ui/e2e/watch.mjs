// The Watch screen against the test host's demo simulator: a bad value is refused next to its
// field and changes nothing; rules are set (listed user, battery threshold); crafted records and
// a low battery at the simulator make "Check now" raise alerts; one is acknowledged, one muted,
// and a second round raises nothing twice.

/** A command of the test host, from the page (which holds the host's token). */
export const call = (page, cmd, req = {}) => host(page, `/api/${cmd}`, req);

/** The handle of the folder at `path`, as the desktop's folder dialog would give it. */
export const folderHandle = async (page, path) =>
  (await host(page, '/_host/folder', { path })).handle;

const host = (page, route, req) =>
  page.evaluate(
    async ([route, req]) => {
      const r = await fetch(route, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-lockdesk-token': sessionStorage.getItem('lockdesk-test-host-token') ?? '',
        },
        body: JSON.stringify(req),
      });
      if (!r.ok) throw new Error(`${route} answered ${r.status}: ${await r.text()}`);
      return r.json();
    },
    [route, req],
  );

/** A call of the demo simulator's control API, with the token the session status hands out. */
export async function sim({ demo_base_url: base, demo_sim_token: token }, path, body) {
  const r = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-sim-token': token ?? '' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path} answered ${r.status}: ${await r.text()}`);
  return r.json();
}

export async function watchScreen({ page, test, expect, id, nav, shot }) {
  const alertRow = (rule, target) =>
    `${id('watch-alert')}[data-rule="${rule}"][data-target="${target}"]`;
  const roundNew = async () => {
    await page.click(id('watch-check-now'));
    await page.waitForSelector(id('watch-round-result'), { timeout: 120_000 });
    return Number(await page.getAttribute(id('watch-round-result'), 'data-new'));
  };
  let lock = null;
  let user = null;

  await test('watch: a bad value is refused next to its field and changes nothing', async () => {
    await nav('watch');
    await page.waitForSelector(id('watch-rules'));
    expect((await page.inputValue(id('watch-threshold'))) === '20', 'the default threshold is 20');
    await page.fill(id('watch-threshold'), '0');
    await page.waitForSelector(`${id('watch-rule-low_battery')} ${id('field-error')}`);
    await page.fill(id('watch-end'), '07:00');
    await page.waitForSelector(`${id('watch-rule-outside_hours')} ${id('field-error')}`);
    await page.click(id('watch-save'));
    await page.waitForSelector(id('watch-not-saved'));
    const stored = await call(page, 'watch_rules_get');
    expect(stored.low_battery.threshold_percent === 20, 'a refused threshold was stored');
    expect(stored.outside_hours.end === '20:00', 'a refused closing time was stored');
    await shot('watch-01-invalid');
  });

  await test('watch: set the rules (threshold, minutes, a listed user) and save', async () => {
    const { locks } = await call(page, 'locks_list');
    const { users } = await call(page, 'users_list');
    lock = locks[0].id;
    user = users.find((u) => u.authority !== 'super_manager') ?? users[0];
    await nav('locks');
    await nav('watch');
    await page.waitForSelector(id('watch-rules'));
    await page.fill(id('watch-threshold'), '25');
    await page.fill(id('watch-unlocked-minutes'), '15');
    await page.fill(id('watch-end'), '19:00');
    // Outside hours off: the round's findings then do not depend on the hour the test runs.
    await page.uncheck(id('watch-enabled-outside_hours'));
    // Typed, not chosen among every user: what many people share asks to choose one.
    await page.fill(id('watch-user-pick'), 'example');
    await page.click(id('watch-user-add'));
    await page.waitForSelector('#watch-users-error:has-text("Several users match")');
    await page.fill(id('watch-user-pick'), user.id);
    await page.click(id('watch-user-add'));
    await page.waitForSelector(`${id('watch-listed-user')}[data-user="${user.id}"]`);
    await page.click(id('watch-save'));
    await page.waitForSelector(id('watch-saved'));
    const stored = await call(page, 'watch_rules_get');
    expect(stored.low_battery.threshold_percent === 25, 'threshold not stored');
    expect(stored.unlocked_too_long.minutes === 15, 'minutes not stored');
    expect(stored.outside_hours.end === '19:00' && !stored.outside_hours.enabled, 'hours');
    expect(JSON.stringify(stored.listed_users.users) === JSON.stringify([user.id]), 'users');
  });

  await test('watch: check now raises the alerts of crafted records and a low battery', async () => {
    const status = await call(page, 'session_status');
    expect(status.demo_base_url, 'the demo simulator has no address');
    expect(status.demo_sim_token, 'the demo simulator has no control token');
    // A round waits for a sync already running (History syncs when it opens, and the demo's
    // 50 requests a minute may hold one back): the crafted records must come after it, or that
    // sync, planned before them, is the round's.
    for (let i = 0; i < 240; i++) {
      const st = await call(page, 'history_sync_status');
      if (!st.running) break;
      await page.waitForTimeout(500);
    }
    const { now } = await sim(status, '/_sim/clock');
    const at = (minutesAgo) => new Date(Date.parse(now) - minutesAgo * 60_000).toISOString();
    // The listed user unlocks and nobody locks again: listed user + left unlocked.
    await sim(status, '/_sim/history/records', {
      lock_id: lock,
      records: [{ at: at(60), user_id: user.id, client_type: 'mobile_app', is_locked: false }],
    });
    await sim(status, '/_sim/battery', { lock_id: lock, part: 'lock', percent: 7 });
    const fresh = await roundNew();
    expect(fresh >= 3, `the round raised ${fresh} alerts`);
    await page.waitForSelector(alertRow('listed_user', user.id));
    await page.waitForSelector(alertRow('unlocked_too_long', lock));
    await page.waitForSelector(alertRow('low_battery', `${lock}/lock`));
    const text = await page.textContent(alertRow('low_battery', `${lock}/lock`));
    expect(text.includes('7%'), `the battery alert says ${text}`);
    const who = await page.textContent(
      `${alertRow('listed_user', user.id)} ${id('watch-alert-user')}`,
    );
    expect(who.includes(user.name), `the listed-user alert names ${who}`);
    await shot('watch-02-alerts');
  });

  await test('watch: acknowledge one, mute one; a second round raises nothing twice', async () => {
    await page.click(`${alertRow('listed_user', user.id)} ${id('watch-ack')}`);
    await page.waitForSelector(alertRow('listed_user', user.id), { state: 'detached' });
    await page.click(id('watch-filter-acknowledged'));
    await page.waitForSelector(alertRow('listed_user', user.id));
    await page.click(id('watch-filter-open'));
    await page.click(`${alertRow('low_battery', `${lock}/lock`)} ${id('watch-mute')}`);
    await page.waitForSelector(
      `${id('watch-mute-row')}[data-rule="low_battery"][data-target="${lock}/lock"]`,
    );
    await page.click(id('watch-filter-muted'));
    await page.waitForSelector(alertRow('low_battery', `${lock}/lock`));
    await page.click(id('watch-filter-open'));
    const before = await call(page, 'watch_alerts_list', { include_muted: true, limit: 1000 });
    const again = await roundNew();
    expect(again === 0, `the second round raised ${again} alerts`);
    const after = await call(page, 'watch_alerts_list', { include_muted: true, limit: 1000 });
    expect(after.total === before.total, `alerts went from ${before.total} to ${after.total}`);
    const keys = after.alerts.map((a) => a.finding.key);
    expect(new Set(keys).size === keys.length, 'an alert is stored twice');
    // Still one alert of each kind for the crafted lock and user.
    expect((await page.locator(alertRow('unlocked_too_long', lock)).count()) === 1, 'unlocked');
    await page.click(id('watch-filter-acknowledged'));
    await page.waitForSelector(alertRow('listed_user', user.id));
    expect((await page.locator(alertRow('listed_user', user.id)).count()) === 1, 'listed user');
    await page.click(id('watch-filter-open'));
    // Unmute: the mute is gone; the battery alert stored before the mute is open again.
    await page.click(
      `${id('watch-mute-row')}[data-target="${lock}/lock"] ${id('watch-mute-row-unmute')}`,
    );
    await page.waitForSelector(id('watch-no-mutes'));
    await page.waitForSelector(`${alertRow('low_battery', `${lock}/lock`)} ${id('watch-mute')}`);
    await shot('watch-03-after-second-round');
  });
}
