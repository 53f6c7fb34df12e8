// Account → Team's data source, in the browser against a test host of its own (not the demo:
// a team is never connected from it) and a real PostgreSQL on this computer (scripts/team-db):
// a password in the address and a wrong password refused with words, then connected; Activity
// shows the team's journal with a colleague's change and who made it; the database stopped:
// Account and Activity say since when it cannot be reached, in both languages and themes; back,
// then disconnected.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, startHost } from './host.mjs';
import { launch } from './browser.mjs';
import { WINDOW } from './history.mjs';

const teamDb = (...args) =>
  execFileSync(join(repoRoot, 'scripts', 'team-db'), args, { encoding: 'utf8' });

// A colleague's rename, as their computer would have shared it.
const COLLEAGUE = `INSERT INTO journal_entries
  (computer_id, local_id, computer, os_user, at, organization_id, operation, outcome, entry)
  VALUES ('colleague-journal', 1, 'PC-SOUMU2', 'suzuki', now(), 'O-1', 'locks_rename', 'done',
  '{"id": 1, "at": "2026-11-28T01:00:00Z", "connection": "office", "account": null,
    "organization_id": "O-1", "operation": "locks_rename", "target_id": "L-1",
    "target_name": "正面玄関", "changes": [{"field": "name", "old": "Front", "new": "正面玄関"}],
    "outcome": "done"}')`;

export async function teamScreens({ test, expect, shots }) {
  await test('team: connect, the team journal, unreachable since, disconnect', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lockdesk-team-db-'));
    let host = null;
    let context = null;
    try {
      const { address, password } = JSON.parse(teamDb('start', dir));
      host = await startHost();
      await host.fetch('/_host/reset', { method: 'POST' });
      context = await launch();
      const page = context.pages()[0] ?? (await context.newPage());
      page.setDefaultTimeout(30_000);
      const id = (t) => `[data-testid="${t}"]`;
      const shot = (name) => page.screenshot({ path: join(shots, `${name}.png`) });
      const nav = async (screen) => {
        await page.click(id(`nav-${screen}`));
        await page.waitForSelector(id(`screen-${screen}`));
      };
      await page.setViewportSize(WINDOW);
      await page.goto(host.open);
      await nav('account');
      await page.waitForSelector(id('team-alone'));
      const notice = `${id('team-settings')} ${id('error-notice')}`;
      const connectWith = async (addr, pw) => {
        await page.fill(id('team-address'), addr);
        await page.fill(id('team-password'), pw);
        await page.click(id('team-connect'));
      };
      // A password in the address: refused before anything is sent.
      await connectWith(address.replace('soumu@', 'soumu:secret@'), password);
      await page.waitForSelector(`${notice}[data-code="team_address_invalid"]`);
      await connectWith(address, 'not the password');
      await page.waitForSelector(`${notice}[data-code="team_sign_in_refused"]`);
      await shot('45-team-refused');
      await connectWith(address, password);
      await page.waitForSelector(`${id('team-state')}[data-reachable="true"]`);
      expect(
        (await page.textContent(id('team-address-shown'))).trim() === address,
        'the address shown',
      );
      await shot('45-team-connected');

      teamDb('sql', dir, COLLEAGUE);
      await nav('activity');
      await page.waitForSelector(id('activity-team'));
      const by = await page.locator(id('activity-row-by')).allTextContents();
      expect(
        by.some((b) => b.includes('suzuki on PC-SOUMU2')),
        `who made the changes: ${by.join(' | ')}`,
      );
      await shot('46-activity-team');

      teamDb('stop', dir);
      await nav('account');
      await page.click(id('team-check'));
      await page.waitForSelector(`${id('team-state')}[data-reachable="false"]`);
      const down = await page.textContent(id('team-state'));
      expect(down.includes('Cannot be reached since'), `state: ${down}`);
      await shot('47-team-unreachable-en-light');
      await page.selectOption(id('language'), 'ja');
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(
        (sel) => document.querySelector(sel)?.textContent?.includes('から接続できません'),
        id('team-state'),
      );
      await shot('47-team-unreachable-ja-dark');
      await nav('activity');
      await page.waitForSelector(id('activity-team-unreachable'));
      const banner = await page.textContent(id('activity-team-unreachable'));
      expect(banner.includes('このパソコンで行った変更のみ'), `banner: ${banner}`);
      await shot('48-activity-team-unreachable-ja-dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await page.selectOption(id('language'), 'en');

      teamDb('start', dir);
      await nav('account');
      await page.click(id('team-check'));
      await page.waitForSelector(`${id('team-state')}[data-reachable="true"]`);
      await page.click(id('team-disconnect'));
      await page.click(id('confirm-ok'));
      await page.waitForSelector(id('team-alone'));
    } finally {
      await context?.close().catch(() => undefined);
      await host?.stop();
      try {
        teamDb('stop', dir);
      } catch {
        /* stopped already */
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
