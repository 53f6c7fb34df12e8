// Two builds of the UI side by side on the big office: the test host (LOCKDESK_TEST_HOST_BIN,
// `--demo big`) serves the UI folder given (a `vite build --outDir` of another commit, or
// ui/dist), and this prints, as one JSON line: the photos fetched with all 1,000 locks on one
// page, sorting them by id, and each keystroke of the Users search (after a one-second pause).
// `node bench/compare-ui.mjs /tmp/other-dist; node bench/compare-ui.mjs dist`
import { launch } from '../e2e/browser.mjs';
import { userSearchKeystrokes } from './keystrokes.mjs';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
const dist = process.argv[2];
const bin = process.env.LOCKDESK_TEST_HOST_BIN ?? '../target/debug/lockdesk-test-host';
const child = spawn(bin, ['--ui', dist, '--demo', 'big'], { stdio: ['ignore', 'pipe', 'inherit'] });
const line = await new Promise((r) => createInterface({ input: child.stdout }).once('line', r));
const host = JSON.parse(line);
const context = await launch();
const page = context.pages()[0] ?? (await context.newPage());
page.setDefaultTimeout(300000);
await page.setViewportSize({ width: 1200, height: 800 });
const id = (t) => `[data-testid="${t}"]`;
const photos = new Set();
page.on('request', (r) => {
  if (r.url().endsWith('/api/images_get')) photos.add(JSON.parse(r.postData()).url);
});
const count = ([t, n]) => document.querySelectorAll(`[data-testid="${t}"]`).length === n;
async function timed(act, fn, arg) {
  const s = await page.evaluate(() => performance.now());
  await act();
  await page.waitForFunction(fn, arg, { polling: 'raf' });
  return (await page.evaluate(() => performance.now())) - s;
}
await page.goto(host.open);
await page.click(id('try-demo'));
await page.waitForSelector(id('today-items'));
await page.click(id('nav-locks'));
await page.waitForSelector(id('lock-row'));
if (await page.locator(id('lock-page-size')).count())
  await page.selectOption(id('lock-page-size'), '1000');
await page.waitForFunction(count, ['lock-row', 1000]);
await page.waitForTimeout(1500);
const asked = photos.size;
const sort = await timed(
  () => page.click(id('lock-sort-id')),
  (s) => document.querySelector(s) !== null,
  'th[aria-sort="ascending"] [data-testid="lock-sort-id"]',
);
await page.click(id('nav-users'));
await page.waitForFunction(count, ['user-row', 25]);
await page.waitForTimeout(1000);
const keys = await userSearchKeystrokes(page);
console.log(
  JSON.stringify({
    dist,
    photosWith1000Listed: asked,
    sortById: Math.round(sort),
    keystrokes: keys.map((k) => Math.round(k)),
  }),
);
await context.close();
child.kill();
