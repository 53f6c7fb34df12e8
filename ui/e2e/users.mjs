// Users and invitations, end to end: search, register, edit, remove, paging, one user group's
// people and their CSV, invite an existing user by id, one invitation and a bulk CSV with a bad
// row (a re-run sends nothing twice). Called by run.mjs with its page and helpers.

import { readFileSync } from 'node:fs';
import { call } from './watch.mjs';

export async function userScreens({ page, test, expect, id, nav, shot, stamp, confirm }) {
  await test('users: search, register, edit, remove', async () => {
    await nav('users');
    await page.waitForSelector(id('user-row'));
    await shot('07-users');
    const mail = `e2e-${stamp}@example.com`;
    await page.click(id('user-new'));
    await page.fill(id('user-register-name'), 'E2E Person');
    await page.selectOption(id('user-register-role'), 'manager');
    await page.click(id('user-register-save'));
    await page.waitForSelector(id('field-error')); // a manager needs an e-mail address
    await page.fill(id('user-register-mail'), mail);
    await page.fill(id('user-register-code'), `E2E${stamp}`);
    await page.click(id('user-register-save'));
    await page.waitForSelector(id('user-register'), { state: 'detached' });
    // One search field: e-mail, code or name, as you type.
    await page.fill(id('user-search'), mail);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="user-row"]').length === 1,
    );
    await page.fill(id('user-search'), `E2E${stamp}`);
    await page.waitForSelector(`${id('user-row')}:has-text("E2E Person")`);
    // Edit and Remove live in the person's drawer.
    await page.click(id('user-row'));
    await page.click(id('user-edit-button'));
    await page.fill(id('user-edit-name'), 'E2E Person Edited');
    await page.click(id('user-edit-save'));
    await page.waitForSelector(`${id('user-row')}:has-text("E2E Person Edited")`);
    await page.click(id('user-remove-button'));
    await confirm();
    await page.waitForSelector(id('user-detail'), { state: 'detached' });
    await page.waitForSelector(id('empty-state'));
    await page.fill(id('user-search'), '');
  });

  await test('users: pages, page size, invite an existing user by id', async () => {
    await nav('locks');
    await nav('users');
    await page.waitForSelector(id('user-row'));
    const rowIds = () =>
      page.locator(id('user-row')).evaluateAll((rs) => rs.map((r) => r.dataset.userId));
    const first = await rowIds();
    expect(first.length === 25, `first page has ${first.length} rows, expected 25`);
    expect(await page.isDisabled(id('user-prev')), 'previous enabled on the first page');
    await page.click(id('user-next'));
    await page.waitForFunction(
      (f) => document.querySelector('[data-testid="user-row"]')?.dataset.userId !== f,
      first[0],
    );
    const second = await rowIds();
    expect(second.length > 0, 'second page is empty');
    expect(!second.some((u) => first.includes(u)), 'second page repeats users of the first');
    const range = await page.textContent(id('user-range'));
    expect(range.startsWith(`26–${25 + second.length} of `), `range on page 2: ${range}`);
    await shot('07b-users-page-2');
    await page.click(id('user-prev'));
    await page.waitForFunction(
      (f) => document.querySelector('[data-testid="user-row"]')?.dataset.userId === f,
      first[0],
    );
    await page.selectOption(id('user-page-size'), '50');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="user-row"]').length > 25,
    );
    expect(
      (await rowIds()).length === first.length + second.length,
      'page size 50 does not hold both pages',
    );
    expect(await page.isDisabled(id('user-next')), 'next enabled on the last page');
    // A user of the other demo organization, not in this one: found through the core.
    const stranger = await page.evaluate(async () => {
      const call = async (cmd, req) => {
        const r = await fetch(`/api/${cmd}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-lockdesk-token': sessionStorage.getItem('lockdesk-test-host-token') ?? '',
          },
          body: JSON.stringify(req),
        });
        return r.json();
      };
      const orgs = await call('orgs_list', {});
      const here = orgs.chosen;
      const other = orgs.organizations.find((o) => o.id !== here).id;
      const mine = (await call('users_list', {})).users.map((u) => u.id);
      await call('orgs_choose', { organization_id: other });
      const theirs = (await call('users_list', {})).users.map((u) => u.id);
      await call('orgs_choose', { organization_id: here });
      return theirs.find((u) => !mine.includes(u));
    });
    expect(!!stranger, 'no user outside this organization');
    await page.click(id('user-invite-open'));
    await page.fill(id('user-invite-id'), 'U-zzzzz-zzzzz');
    await page.click(id('user-invite-save'));
    await page.waitForSelector(`${id('user-invite-error')}[data-code="user_not_found"]`);
    await page.fill(id('user-invite-id'), stranger);
    await page.fill(id('user-invite-code'), `INV${stamp}`);
    await page.click(id('user-invite-save'));
    await page.waitForSelector(id('user-invite'), { state: 'detached' });
    await page.fill(id('user-search'), `INV${stamp}`);
    await page.waitForSelector(`${id('user-row')}[data-user-id="${stranger}"]`);
    await page.fill(id('user-search'), '');
    // Again: already a member, refused by the service and said in words.
    await page.click(id('user-invite-open'));
    await page.fill(id('user-invite-id'), stranger);
    await page.click(id('user-invite-save'));
    await page.waitForSelector(`${id('user-invite-error')}[data-code="not_allowed"]`);
    await shot('07c-users-invite-by-id');
  });

  await test("users: one user group's people, with the search on top", async () => {
    await nav('users');
    await page.waitForSelector(id('user-group-filter'));
    const groups = (await call(page, 'user_groups_list')).user_groups;
    const group = groups.find((g) => g.name === '営業部') ?? groups[0];
    const members = (await call(page, 'user_groups_get', { user_group_id: group.id })).users;
    expect(members.length > 0, `${group.name} has no members to show`);
    const rowIds = () =>
      page.locator(id('user-row')).evaluateAll((rs) => rs.map((r) => r.dataset.userId));
    const everyone = (await page.textContent(id('user-range'))) ?? '';
    await page.selectOption(id('user-group-filter'), group.id);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="user-row"]').length === n,
      members.length,
    );
    const shownIds = await rowIds();
    expect(
      shownIds.every((u) => members.some((m) => m.id === u)),
      `someone outside ${group.name} is listed`,
    );
    await shot('07d-users-group');
    // Exported as the list shows it: the group's people, a header line, Excel's BOM and CRLF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click(id('user-export')),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(download.suggestedFilename() === 'lockdesk-users.csv', 'the file name');
    expect(csv.startsWith('\ufeffUser ID,Name,E-mail,Role,'), `the CSV starts ${csv.slice(0, 40)}`);
    const lines = csv.split('\r\n').filter((l) => l !== '');
    expect(lines.length === members.length + 1, `${lines.length - 1} people exported`);
    expect(
      shownIds.every((u, i) => lines[i + 1].startsWith(`${u},`)),
      'the export is not in the order of the list',
    );
    // The search narrows the group's people; a name from outside the group finds no one.
    const one = members[0];
    await page.fill(id('user-search'), one.name);
    await page.waitForFunction(
      (u) =>
        [...document.querySelectorAll('[data-testid="user-row"]')].some(
          (r) => r.dataset.userId === u,
        ),
      one.id,
    );
    expect(
      (await rowIds()).every((u) => members.some((m) => m.id === u)),
      'the search let in someone outside the group',
    );
    await page.fill(id('user-search'), '');
    await page.selectOption(id('user-group-filter'), '');
    await page.waitForFunction(
      (r) => document.querySelector('[data-testid="user-range"]')?.textContent === r,
      everyone,
    );
  });

  await test('invitations: one, bulk CSV with a bad row, re-run sends nothing twice', async () => {
    await nav('invitations');
    await page.fill(id('invite-mail'), 'not-an-address');
    await page.click(id('invite-submit'));
    await page.waitForSelector(id('field-error'));
    await page.fill(id('invite-mail'), `one-${stamp}@example.com`);
    await page.click(id('invite-submit'));
    await page.waitForSelector(`${id('invite-result')}:has-text("one-${stamp}@example.com")`);
    await page.waitForSelector(`${id('invite-row')}:has-text("one-${stamp}@example.com")`);
    // Issued-date range, sent to the service: tomorrow onwards hides today's invitation.
    const day = (d) => {
      const t = new Date(Date.now() + d * 86400_000);
      return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
    };
    await page.fill(id('invite-from'), day(1));
    await page.waitForSelector(`${id('invite-row')}:has-text("one-${stamp}@example.com")`, {
      state: 'detached',
    });
    await page.fill(id('invite-from'), day(-1));
    await page.fill(id('invite-to'), day(1));
    await page.waitForSelector(`${id('invite-row')}:has-text("one-${stamp}@example.com")`);
    await page.fill(id('invite-from'), '');
    await page.fill(id('invite-to'), '');
    const csv = `mail,authority,code\nbulk1-${stamp}@example.com,member,B1\nbroken-address,member,\nbulk2-${stamp}@example.com,manager,B2\n`;
    await page.setInputFiles(id('bulk-csv-input'), {
      name: 'invites.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.waitForSelector(id('bulk-preview'));
    expect((await page.locator(id('bulk-row')).count()) === 3, 'preview should have 3 rows');
    await page.waitForSelector(id('bulk-invalid-count'));
    await page.click(id('bulk-run'));
    await page.waitForSelector(id('bulk-summary'), { timeout: 60_000 });
    const summary = await page.textContent(id('bulk-summary'));
    expect(summary.includes('2 sent'), `summary: ${summary}`);
    await shot('08-invitations');
    // The same file again: nothing is sent twice.
    await page.setInputFiles(id('bulk-csv-input'), {
      name: 'invites.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.waitForSelector(id('bulk-nothing'));
    expect(
      (await page.locator(id('bulk-run')).count()) === 0,
      'run is offered although nothing is left to send',
    );
    // And the core itself: running the same file again invites nobody.
    const again = await page.evaluate(async (csv) => {
      const call = async (cmd, req) => {
        const r = await fetch(`/api/${cmd}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-lockdesk-token': sessionStorage.getItem('lockdesk-test-host-token') ?? '',
          },
          body: JSON.stringify(req),
        });
        return r.json();
      };
      const started = await call('invitations_bulk_start', { csv });
      let job = started.job;
      while (job.state === 'running') {
        await new Promise((r) => setTimeout(r, 300));
        job = await call('jobs_get', { job_id: started.job_id });
      }
      return job.results.map((r) => r.outcome);
    }, csv);
    expect(!again.includes('invited'), `second run invited again: ${again.join(', ')}`);
  });

  await test('invitations: a 250-row CSV previewed a page at a time; too large a file refused', async () => {
    await nav('invitations');
    const lines = ['mail,authority'];
    for (let i = 1; i <= 250; i++)
      lines.push(i % 100 === 0 ? `bad-${i},member` : `page-${i}-${stamp}@example.com,member`);
    await page.setInputFiles(id('bulk-csv-input'), {
      name: 'many.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\n')),
    });
    await page.waitForSelector(`${id('bulk-page-range')}:has-text("Rows 1–100 of 250")`);
    expect((await page.locator(id('bulk-row')).count()) === 100, 'a page has 100 rows');
    await page.click(id('bulk-page-next'));
    await page.waitForSelector(`${id('bulk-page-range')}:has-text("Rows 101–200 of 250")`);
    await page.click(id('bulk-page-next'));
    await page.waitForSelector(`${id('bulk-page-range')}:has-text("Rows 201–250 of 250")`);
    expect((await page.locator(id('bulk-row')).count()) === 50, 'the last page has 50 rows');
    expect(await page.isDisabled(id('bulk-page-next')), 'next is offered on the last page');
    await page.check(id('bulk-only-problems'));
    await page.waitForSelector(`${id('bulk-page-range')}:has-text("Rows 1–2 of 2")`);
    const shown = await page.locator(`${id('bulk-row')} td.num`).allTextContents();
    expect(shown.join() === '101,201', `problem rows by file line: ${shown}`);
    // Over 5 MiB: refused in the page, before it is read or sent.
    await page.setInputFiles(id('bulk-csv-input'), {
      name: 'huge.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x61),
    });
    await page.waitForSelector('[role="alert"]:has-text("larger than 5 MB")');
  });
}
