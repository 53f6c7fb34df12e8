// Behind an office proxy that is down, in the browser against test hosts of their own: one whose
// core has HTTPS_PROXY at a closed port, one whose proxy setup script (LOCKDESK_PROXY_PAC_URL) is
// at a closed port. A connection to a service on the internet is added with the form and signed in
// with a pasted answer; the token request fails, and the notice names the proxy, or the script and
// that the service was tried without a proxy. Each photographed in both languages and themes at the
// window's size.
import { join } from 'node:path';
import { startHost } from './host.mjs';
import { launch } from './browser.mjs';
import { WINDOW } from './history.mjs';

const CLOSED = 'http://127.0.0.1:9';
const SERVICE = 'https://lockdesk-service.invalid';
const REDIRECT = 'https://lockdesk.example/callback';
const NO_PROXY_SETTINGS = Object.fromEntries(
  ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'all_proxy']
    .concat(['NO_PROXY', 'no_proxy', 'LOCKDESK_PROXY_PAC_URL'])
    .map((k) => [k, undefined]),
);

const CASES = [
  {
    name: 'proxy',
    env: { HTTPS_PROXY: CLOSED },
    en: `The service at ${SERVICE} could not be reached through the proxy ${CLOSED}`,
    ja: `プロキシ ${CLOSED} を経由して ${SERVICE} のサービスに接続できませんでした。`,
    // What to do: the proxy is what to check, with IT (not the network or the address).
    howTo: 'Ask IT whether this proxy is working',
  },
  {
    name: 'proxy-script',
    env: { LOCKDESK_PROXY_PAC_URL: `${CLOSED}/proxy.pac` },
    en: `The proxy setup script ${CLOSED}/proxy.pac could not be used, so Lockdesk tried the service at ${SERVICE} without a proxy`,
    ja: `プロキシ自動構成スクリプト ${CLOSED}/proxy.pac を使用できなかったため、プロキシを使わずに ${SERVICE} のサービスへの接続を試みましたが`,
    howTo: 'Ask IT whether the setup script’s address is right',
  },
];

export async function proxyNotices({ test, expect, shots }) {
  for (const c of CASES) {
    let host = null;
    let context = null;
    await test(`proxy: a sign-in behind ${c.name === 'proxy' ? 'a proxy' : 'a setup script'} that is down names it`, async () => {
      try {
        host = await startHost({ env: { ...NO_PROXY_SETTINGS, ...c.env } });
        await host.fetch('/_host/reset', { method: 'POST' });
        context = await launch();
        // The service's sign-in page, as the browser would show it; the core's requests are
        // the ones that meet the proxy.
        await context.route(`${SERVICE}/**`, (r) => r.fulfill({ body: 'sign-in page' }));
        const page = context.pages()[0] ?? (await context.newPage());
        page.setDefaultTimeout(30_000);
        const id = (t) => `[data-testid="${t}"]`;
        await page.setViewportSize(WINDOW);
        await page.goto(host.open);
        await page.waitForSelector(id('profile-form'));
        await page.fill(id('profile-name'), 'office');
        await page.fill(id('profile-base_url'), SERVICE);
        await page.fill(id('profile-client_id'), 'lockdesk-e2e');
        await page.fill(id('profile-client_secret'), 'e2e-secret');
        await page.fill(id('profile-redirect_uri'), REDIRECT);
        await page.click(id('profile-save'));
        await page.waitForSelector(id('sign-in-v3-open'));
        const [popup] = await Promise.all([
          context.waitForEvent('page'),
          page.click(id('sign-in-v3-open')),
        ]);
        await popup.waitForLoadState();
        const state = new URL(popup.url()).searchParams.get('state');
        expect(state, `the sign-in page ${popup.url()} has no state`);
        await popup.close();
        await page.fill(id('sign-in-v3-paste'), `${REDIRECT}?code=e2e&state=${state}`);
        await page.click(id('sign-in-v3-complete'));
        const notice = page.locator(
          `${id('sign-in-v3')} ${id('error-notice')}[data-code="transport"]`,
        );
        await notice.waitFor({ timeout: 60_000 });
        const en = await notice.innerText();
        expect(en.includes(c.en) && en.includes(c.howTo), `the notice says: ${en}`);
        expect(!/network connection/.test(en), `the notice points at the network: ${en}`);
        await page.screenshot({ path: join(shots, `40-${c.name}-en-light.png`) });
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.screenshot({ path: join(shots, `40-${c.name}-en-dark.png`) });
        await page.selectOption(id('language'), 'ja');
        await page.waitForFunction(
          ([sel, text]) => document.querySelector(sel)?.textContent?.includes(text),
          [`${id('sign-in-v3')} ${id('error-notice')}`, c.ja],
        );
        await page.screenshot({ path: join(shots, `40-${c.name}-ja-dark.png`) });
        await page.emulateMedia({ colorScheme: 'light' });
        await page.screenshot({ path: join(shots, `40-${c.name}-ja-light.png`) });
      } finally {
        await context?.close().catch(() => undefined);
        await host?.stop();
      }
    });
  }
}
