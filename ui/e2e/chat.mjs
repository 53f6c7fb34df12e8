// Team chat alerts on the Watch screen against a webhook receiver in this process: loopback HTTP,
// which the core accepts for this computer only. A bad address is refused next to its field and
// nothing is stored; a Slack destination is added and shows its host only (the address is nowhere
// in the page or the list); Send a test posts one JSON message, and a receiver answering 500 shows
// the error's words; Change its address keeps a new one (refused like an add's when bad); a
// round's alert reaches the receiver once and is listed as sent; a failed delivery waits for its
// retry and Send now sends it when due; Remove asks first. An e-mail destination (no SMTP server
// needed: it is added, listed and removed, never sent to) is refused without a recipient, then
// added with a daily digest and listed with its server, recipients and digest, its password
// nowhere. The cases are named "watch chat: …" (E2E_ONLY='chat' or 'watch' selects them).
import http from 'node:http';
import { call, sim } from './watch.mjs';
import { atWindowSize } from './screenshots.mjs';

/** A webhook receiver on 127.0.0.1: records every request and answers `state.status`. */
async function receiver() {
  const requests = [];
  const state = { status: 200 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests.push({ method: req.method, path: req.url, headers: req.headers, body });
      res.writeHead(state.status, { 'content-type': 'text/plain' });
      res.end(state.status < 300 ? 'ok' : 'unavailable');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    requests,
    state,
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** The page's markup, text, field values and storage: where a secret must never be. */
const everythingShown = (page) =>
  page.evaluate(() =>
    [
      document.documentElement.outerHTML,
      document.body.innerText,
      ...[...document.querySelectorAll('input, textarea')].map((e) => e.value),
      JSON.stringify({ ...localStorage }),
      JSON.stringify({ ...sessionStorage }),
    ].join('\n'),
  );

export async function chatAlerts({ page, test, expect, id, nav, shot }) {
  const hook = await receiver();
  const secret = `e2e-secret-${Date.now().toString(36)}`;
  const hookPath = `/slack/services/T0/B0/${secret}`;
  const url = `http://127.0.0.1:${hook.port}${hookPath}`;
  // Hostile text: shown as text, escaped in the message, no mention.
  const name = '総務 <b>e2e</b> @channel';
  let destId = null;
  // Two locks whose batteries the cases lower (not the first, which the watch cases use).
  let locks = [];
  let lockNames = new Map();
  const item = () => `${id('destination')}[data-destination-id="${destId}"]`;
  const rows = (state = null, lock = null) =>
    `${id('delivery')}[data-destination-id="${destId}"]` +
    (state ? `[data-state="${state}"]` : '') +
    (lock ? `[data-lock-id="${lock}"]` : '');
  const checkNow = async () => {
    await page.click(id('watch-check-now'));
    await page.waitForSelector(id('watch-round-result'), { timeout: 120_000 });
    await page.waitForSelector(`${id('watch-check-now')}:not([disabled])`);
  };
  const battery = async (lock, percent) =>
    sim(await call(page, 'session_status'), '/_sim/battery', {
      lock_id: lock,
      part: 'lock',
      percent,
    });
  // The panel from its top, in the screen's own scroll area.
  const showPanel = () =>
    page.evaluate(() =>
      document.querySelector('[data-testid="team-alerts"]')?.scrollIntoView({ block: 'start' }),
    );

  await test('watch chat: a bad webhook address is refused next to its field; nothing stored', async () => {
    await nav('watch');
    await page.waitForSelector(id('team-alerts'));
    // The two locks' batteries read full, then a round: a low battery of theirs found later is
    // a new alert, and the alerts the demo holds now are raised before any destination exists.
    const all = (await call(page, 'locks_list')).locks;
    locks = [all[all.length - 1].id, all[all.length - 2].id];
    lockNames = new Map(all.map((l) => [l.id, l.name]));
    for (const l of locks) await battery(l, 90);
    await call(page, 'watch_round');
    const before = (await call(page, 'alert_destinations_list')).destinations.length;

    await page.click(id('destination-add-open'));
    await page.waitForSelector(id('destination-form'));
    await page.fill(id('destination-form-name'), name);
    await page.fill(id('destination-form-url'), 'http://example.com/hook');
    await page.click(id('destination-form-save'));
    await page.waitForSelector(id('destination-not-added'));
    const plain = await page.textContent('#destination-form-url-error');
    expect(plain?.includes('https://'), `the address's error says ${plain}`);
    expect(
      (await page.getAttribute(id('destination-form-url'), 'aria-invalid')) === 'true',
      'the address field is not marked',
    );
    await page.fill(id('destination-form-url'), '');
    await page.click(id('destination-form-save'));
    await page.waitForSelector('#destination-form-url-error:has-text("Enter the webhook URL")');
    // The core refuses the same address by itself, next to the same field.
    let refused = '';
    try {
      await call(page, 'alert_destinations_add', {
        name,
        kind: 'slack',
        url: 'http://example.com/hook',
        rules: { which: 'all' },
        language: 'ja',
      });
    } catch (e) {
      refused = e.message;
    }
    expect(
      refused.includes('invalid_input') && refused.includes('"url"'),
      `the core answered ${refused || 'ok'}`,
    );
    const after = (await call(page, 'alert_destinations_list')).destinations.length;
    expect(after === before, `destinations went from ${before} to ${after}`);
    await showPanel();
    await shot('chat-01-refused');
  });

  await test('watch chat: add a Slack destination; its host is shown, its address nowhere', async () => {
    await page.fill(id('destination-form-url'), url);
    await page.check(id('destination-rules-some'));
    await page.check(id('destination-rule-low_battery'));
    expect(
      (await page.getAttribute(id('destination-form-url'), 'type')) === 'password',
      'the address is typed in the clear',
    );
    await page.click(id('destination-form-save'));
    await page.waitForSelector(id('destination-form'), { state: 'detached' });
    const { destinations } = await call(page, 'alert_destinations_list');
    const d = destinations.find((x) => x.name === name);
    expect(d, `not stored: ${JSON.stringify(destinations)}`);
    destId = d.id;
    expect(d.host === '127.0.0.1' && d.kind === 'slack', `stored ${JSON.stringify(d)}`);
    expect(
      d.rules.which === 'only' && d.rules.rules.join() === 'low_battery',
      `the rules stored: ${JSON.stringify(d.rules)}`,
    );
    await page.waitForSelector(item());
    const text = async (t) => (await page.textContent(`${item()} ${id(t)}`)).trim();
    expect((await text('destination-name')) === name, 'the name is not shown as typed');
    expect((await text('destination-host')) === '127.0.0.1', 'the host');
    expect((await text('destination-kind')) === 'Slack', 'the kind');
    expect((await text('destination-rules')) === 'Low battery', 'the rules');
    expect((await text('destination-language')) === 'Japanese', 'the language');
    // Nowhere in the page (text, markup, fields, storage) nor in the list's answer.
    const page_ = await everythingShown(page);
    expect(!page_.includes(secret), 'the webhook address is in the page');
    expect(!page_.includes(`:${hook.port}/`), 'the webhook address is in the page');
    const listed = JSON.stringify(await call(page, 'alert_destinations_list'));
    expect(!listed.includes(secret) && !listed.includes('/slack'), 'the list holds the address');
    // The form opened again starts empty.
    await page.click(id('destination-add-open'));
    expect((await page.inputValue(id('destination-form-url'))) === '', 'the address stayed');
    await page.click(id('destination-form-cancel'));
    await page.waitForSelector(id('destination-form'), { state: 'detached' });
  });

  await test('watch chat: Send a test posts one JSON message with text; the page says sent', async () => {
    const n = hook.requests.length;
    await page.click(`${item()} ${id('destination-test')}`);
    await page.waitForSelector(`${item()} ${id('destination-test-sent')}`);
    const got = hook.requests.slice(n);
    expect(got.length === 1, `the receiver got ${got.length} requests`);
    const [r] = got;
    expect(r.method === 'POST' && r.path === hookPath, `${r.method} ${r.path}`);
    expect(r.headers['content-type']?.startsWith('application/json'), r.headers['content-type']);
    const body = JSON.parse(r.body);
    expect(typeof body.text === 'string' && body.text.length > 0, `the body is ${r.body}`);
    // The name is the user's text: never markup or a mention in Slack.
    expect(!r.body.includes('<b>') && !r.body.includes('@channel'), `the body is ${r.body}`);
    await showPanel();
    await shot('chat-02-test-sent');
  });

  await test('watch chat: a test to a service answering 500, then 404, shows the error words', async () => {
    hook.state.status = 500;
    try {
      const n = hook.requests.length;
      await page.click(`${item()} ${id('destination-test')}`);
      const notice = `${item()} ${id('error-notice')}[data-code="webhook_unavailable"]`;
      await page.waitForSelector(notice);
      const words = await page.textContent(notice);
      expect(words.includes('could not be reached'), `the notice says ${words}`);
      // Not the advice about Lockdesk's own connection: the chat service is at fault.
      expect(!words.includes('service address'), `the notice says ${words}`);
      expect(
        (await page.locator(`${item()} ${id('destination-test-sent')}`).count()) === 0,
        'the page still says sent',
      );
      expect(hook.requests.length === n + 1, 'the test was not posted once');
      await showPanel();
      await shot('chat-03-test-failed');
      // Refused (a 4xx: a wrong or revoked address): said so, without the button that opens
      // Lockdesk's own connections, which are not at fault.
      hook.state.status = 404;
      await page.click(`${item()} ${id('destination-test')}`);
      const refused = `${item()} ${id('error-notice')}[data-code="webhook_refused"]`;
      await page.waitForSelector(refused);
      const why = await page.textContent(refused);
      expect(why.includes('refused the message'), `the notice says ${why}`);
      expect(
        (await page.locator(`${refused} button.primary, ${id('error-connect')}`).count()) === 0,
        'a button points at the connections',
      );
    } finally {
      hook.state.status = 200;
    }
  });

  await test('watch chat: Change its address keeps a new one; the next test posts there', async () => {
    const give = async (address) => {
      await page.click(`${item()} ${id('destination-give-secret')}`);
      await page.fill(`${item()} #destination-secret-url`, address);
      await page.click(`${item()} ${id('destination-secret-save')}`);
      await page.waitForSelector(`${item()} ${id('destination-secret-form')}`, {
        state: 'detached',
      });
    };
    const movedPath = `/slack/services/T0/B1/${secret}`;
    await give(`http://127.0.0.1:${hook.port}${movedPath}`);
    const n = hook.requests.length;
    await page.click(`${item()} ${id('destination-test')}`);
    await page.waitForSelector(`${item()} ${id('destination-test-sent')}`);
    const got = hook.requests.slice(n).map((r) => r.path);
    expect(got.length === 1 && got[0] === movedPath, `the receiver got ${got}`);
    expect(!(await everythingShown(page)).includes(secret), 'the address shows in the page');
    // Refused like an add's (http to another computer): said so, the one kept stays.
    await page.click(`${item()} ${id('destination-give-secret')}`);
    await page.fill(`${item()} #destination-secret-url`, 'http://hooks.example.jp/x');
    await page.click(`${item()} ${id('destination-secret-save')}`);
    await page.waitForSelector(`${item()} ${id('error-notice')}[data-code="invalid_input"]`);
    await page.click(`${item()} ${id('destination-secret-cancel')}`);
    await give(url);
    const m = hook.requests.length;
    await page.click(`${item()} ${id('destination-test')}`);
    await page.waitForSelector(`${item()} ${id('destination-test-sent')}`);
    const back = hook.requests.slice(m).map((r) => r.path);
    expect(back.length === 1 && back[0] === hookPath, `the receiver got ${back}`);
  });

  await test('watch chat: a round’s alert reaches the receiver once; listed as sent', async () => {
    const n = hook.requests.length;
    await battery(locks[0], 6);
    await checkNow();
    await page.waitForSelector(rows('sent', locks[0]));
    const got = hook.requests.slice(n);
    expect(got.length === 1, `the receiver got ${got.length} messages`);
    const text = JSON.parse(got[0].body).text;
    const lockName = lockNames.get(locks[0]) || locks[0];
    expect(text.includes('6%') && text.includes(lockName), `the message says ${text}`);
    const states = await page.locator(rows()).evaluateAll((rs) => rs.map((r) => r.dataset.state));
    expect(states.length === 1 && states[0] === 'sent', `this destination's rows: ${states}`);
    const posted = await page.textContent(id('watch-round-result'));
    expect(posted.includes('Team chat: 1 sent'), `the round says ${posted}`);
    // Nothing new: nothing more is posted.
    await checkNow();
    expect(hook.requests.length === n + 1, `${hook.requests.length - n} messages after two rounds`);
    await showPanel();
    await shot('chat-04-delivered');
  });

  await test('watch chat: a failed delivery waits for its retry; Send now sends it when due', async () => {
    hook.state.status = 500;
    const n = hook.requests.length;
    try {
      await battery(locks[1], 5);
      await checkNow();
      const waiting = rows('retry', locks[1]);
      await page.waitForSelector(waiting);
      const state = await page.textContent(`${waiting} ${id('delivery-state')}`);
      expect(state.includes('Waiting to retry'), `the state reads ${state}`);
      const error = await page.textContent(`${waiting} ${id('delivery-error')}`);
      expect(error.includes('could not be reached'), `the error reads ${error}`);
      expect((await page.textContent(waiting)).includes('Next try'), 'no next try shown');
      await page.waitForSelector(id('deliveries-pending'));
      await page.waitForSelector(id('deliveries-send-now'));
      await showPanel();
      await shot('chat-05-waiting');
    } finally {
      hook.state.status = 200;
    }
    // The first retry is a minute after the failure: Send now sends it once its time has come.
    const { deliveries } = await call(page, 'alert_deliveries_list', { limit: 100 });
    const d = deliveries.find((x) => x.destination_id === destId && x.lock_id === locks[1]);
    expect(d?.state === 'pending' && d.next_try, `the delivery is ${JSON.stringify(d)}`);
    const wait = Date.parse(d.next_try) - Date.now() + 1500;
    if (wait > 0) await page.waitForTimeout(Math.min(wait, 90_000));
    await page.click(id('deliveries-send-now'));
    await page.waitForSelector(rows('sent', locks[1]));
    await page.waitForSelector(`${id('deliveries-pass')} p`);
    const got = hook.requests.slice(n);
    expect(got.length === 2, `the receiver got ${got.length} requests (one refused, one sent)`);
    expect(
      (await page.locator(id('deliveries-send-now')).count()) === 0,
      'Send now stays with nothing waiting',
    );
  });

  await test('watch chat: the panel and the form in both languages and themes', async () => {
    await atWindowSize(page, async () => {
      try {
        for (const lang of ['en', 'ja']) {
          await page.selectOption(id('language'), lang);
          for (const theme of ['light', 'dark']) {
            await page.emulateMedia({ colorScheme: theme });
            await page.waitForSelector(item());
            await showPanel();
            await shot(`chat-list-${lang}-${theme}`);
            await page.click(id('destination-add-open'));
            await page.waitForSelector(id('destination-form'));
            await page.selectOption(id('destination-form-kind'), 'chatwork');
            await page.waitForSelector(id('destination-form-token'));
            await page.click(id('destination-form-save'));
            await page.waitForSelector(id('destination-not-added'));
            await page
              .locator(id('destination-form'))
              .evaluate((e) => e.closest('section')?.scrollIntoView({ block: 'start' }));
            await shot(`chat-form-${lang}-${theme}`);
            await page.click(id('destination-form-cancel'));
            await page.waitForSelector(id('destination-form'), { state: 'detached' });
            await page.locator(id('deliveries')).evaluate((e) => e.scrollIntoView());
            await shot(`chat-deliveries-${lang}-${theme}`);
          }
        }
      } finally {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.selectOption(id('language'), 'en');
      }
    });
  });

  await test('watch chat: an e-mail destination with a daily digest; no recipient refused first', async () => {
    const mailName = `総務メール e2e ${Date.now().toString(36)}`;
    const password = `e2e-mail-password-${Date.now().toString(36)}`;
    const before = (await call(page, 'alert_destinations_list')).destinations.length;
    await page.click(id('destination-add-open'));
    await page.waitForSelector(id('destination-form'));
    await page.fill(id('destination-form-name'), mailName);
    await page.selectOption(id('destination-form-kind'), 'email');
    await page.waitForSelector(id('destination-form-host'));
    expect((await page.locator(id('destination-form-url')).count()) === 0, 'a webhook field');
    // The password is asked for only with a user name, in a password field.
    expect((await page.locator(id('destination-form-password')).count()) === 0, 'a password');
    await page.fill(id('destination-form-username'), 'soumu');
    await page.waitForSelector(id('destination-form-password'));
    expect(
      (await page.getAttribute(id('destination-form-password'), 'type')) === 'password',
      'the password is typed in the clear',
    );
    await page.fill(id('destination-form-password'), password);
    await page.fill(id('destination-form-host'), '127.0.0.1');
    await page.fill(id('destination-form-port'), '2525');
    await page.selectOption(id('destination-form-security'), 'none');
    await page.fill(id('destination-form-from'), 'lockdesk@example.com');
    // No recipient: refused next to its field, nothing stored.
    await page.click(id('destination-form-save'));
    await page.waitForSelector(id('destination-not-added'));
    const toError = await page.textContent('#destination-form-to-error');
    expect(toError?.includes('1 to 20 addresses'), `the recipients' error says ${toError}`);
    expect(
      (await page.getAttribute(id('destination-form-to'), 'aria-invalid')) === 'true',
      'the recipients field is not marked',
    );
    // The core refuses it by itself too, naming the same field.
    let refused = '';
    try {
      await call(page, 'alert_destinations_add', {
        name: mailName,
        kind: 'email',
        rules: { which: 'all' },
        language: 'ja',
        mail: {
          host: '127.0.0.1',
          port: 2525,
          security: 'none',
          username: '',
          from: 'lockdesk@example.com',
          to: [],
        },
      });
    } catch (e) {
      refused = e.message;
    }
    expect(refused.includes('mail.to'), `the core answered ${refused || 'ok'}`);
    expect(
      (await call(page, 'alert_destinations_list')).destinations.length === before,
      'a refused e-mail destination was stored',
    );
    // In Japanese, as an administrator sees it.
    await page.selectOption(id('language'), 'ja');
    try {
      await page
        .locator(id('destination-form'))
        .evaluate((e) => e.closest('section')?.scrollIntoView({ block: 'start' }));
      await shot('chat-mail-form-ja');
    } finally {
      await page.selectOption(id('language'), 'en');
    }
    // Valid: no sign-in (the password goes with the user name), one recipient, a digest.
    await page.fill(id('destination-form-username'), '');
    await page.waitForSelector(id('destination-form-password'), { state: 'detached' });
    await page.fill(id('destination-form-to'), 'soumu@example.com');
    await page.check(id('destination-form-digest-on'));
    expect(
      (await page.inputValue(id('destination-form-digest-at'))) === '08:30',
      'the digest time is not 08:30 by default',
    );
    await page.click(id('destination-form-save'));
    await page.waitForSelector(id('destination-form'), { state: 'detached' });
    const listed = await call(page, 'alert_destinations_list');
    const d = listed.destinations.find((x) => x.name === mailName);
    expect(d, `not stored: ${JSON.stringify(listed.destinations)}`);
    try {
      expect(
        d.kind === 'email' &&
          d.host === '127.0.0.1' &&
          d.mail?.port === 2525 &&
          d.mail.security === 'none' &&
          d.mail.username === '' &&
          d.mail.from === 'lockdesk@example.com' &&
          d.mail.to.join() === 'soumu@example.com' &&
          d.digest?.at === '08:30',
        `stored ${JSON.stringify(d)}`,
      );
      const mailItem = `${id('destination')}[data-destination-id="${d.id}"]`;
      await page.waitForSelector(mailItem);
      const where = (await page.textContent(`${mailItem} ${id('destination-host')}`)).trim();
      expect(where === '127.0.0.1:2525, to soumu@example.com', `the server reads ${where}`);
      const digest = (await page.textContent(`${mailItem} ${id('destination-digest')}`)).trim();
      expect(digest === 'Daily digest at 08:30', `the digest reads ${digest}`);
      const kind = (await page.textContent(`${mailItem} ${id('destination-kind')}`)).trim();
      expect(kind === 'E-mail', `the kind reads ${kind}`);
      const page_ = await everythingShown(page);
      expect(!page_.includes(password), 'the password is in the page');
      expect(!JSON.stringify(listed).includes(password), 'the list holds the password');
      await page.selectOption(id('language'), 'ja');
      try {
        const ja = (await page.textContent(`${mailItem} ${id('destination-digest')}`)).trim();
        expect(ja === '毎日 08:30 にまとめて送信', `the digest reads ${ja}`);
        await page.locator(mailItem).scrollIntoViewIfNeeded();
        await shot('chat-mail-listed-ja');
      } finally {
        await page.selectOption(id('language'), 'en');
      }
      // Removed through the confirm dialog.
      await page.click(`${mailItem} ${id('destination-remove')}`);
      await page.waitForSelector(`${id('confirm-dialog')}[open]`);
      await page.click(id('confirm-ok'));
      await page.waitForSelector(mailItem, { state: 'detached' });
    } finally {
      await call(page, 'alert_destinations_remove', { id: d.id }).catch(() => undefined);
    }
    const left = (await call(page, 'alert_destinations_list')).destinations;
    expect(!left.some((x) => x.id === d.id), 'the e-mail destination is still stored');
  });

  await test('watch chat: remove through the confirm dialog', async () => {
    await page.click(`${item()} ${id('destination-remove')}`);
    await page.waitForSelector(`${id('confirm-dialog')}[open]`);
    const message = await page.textContent(id('confirm-dialog'));
    expect(message.includes(name), `the dialog says ${message}`);
    await page.click(id('confirm-ok'));
    await page.waitForSelector(item(), { state: 'detached' });
    const { destinations } = await call(page, 'alert_destinations_list');
    expect(!destinations.some((d) => d.id === destId), 'the destination is still stored');
    // Its deliveries stay listed, under a removed destination.
    const who = await page.textContent(`${rows('sent', locks[0])} td:nth-child(2)`);
    expect(who.includes('Removed destination'), `the destination column reads ${who}`);
  });

  // Whatever failed above, no destination of these cases outlives them.
  if (destId) await call(page, 'alert_destinations_remove', { id: destId }).catch(() => undefined);
  await hook.close();
}
