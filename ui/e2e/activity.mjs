// The Activity screen (the journal), after the earlier cases changed locks, groups and users
// in the demo: the changes are listed, a change the core refused is listed as failed with its
// reason in words, the text filter narrows, and the CSV export downloads with BOM and CRLF.
import { readFileSync } from 'node:fs';

export async function activityScreen({ page, test, expect, id, nav, shot, stamp }) {
  await test('activity: the changes above, refused ones too, filters, CSV export', async () => {
    await nav('activity');
    const row = (op) => `${id('activity-row')}[data-operation="${op}"]`;
    await page.waitForSelector(row('locks_rename'));
    await page.waitForSelector(row('lock_groups_delete'));
    const renamed = await page.locator(row('locks_rename')).allTextContents();
    expect(
      renamed.some((r) => r.includes(`E2E door ${stamp}`)),
      'the rename shows the new name',
    );
    // The fake image the core refused above is listed as failed, with the reason in words.
    await page.selectOption(id('activity-outcome'), 'failed');
    await page.click(id('activity-show'));
    await page.waitForSelector(row('locks_set_image'));
    // The unfiltered list has that row too: wait for the filtered answer to replace it.
    await page
      .waitForFunction(
        (sel) => {
          const cells = [...document.querySelectorAll(sel)];
          return cells.length > 0 && cells.every((c) => c.textContent.trim().startsWith('Failed'));
        },
        id('activity-row-outcome'),
        { timeout: 20_000 },
      )
      .catch(() => undefined);
    const outcomes = await page.locator(id('activity-row-outcome')).allTextContents();
    expect(
      outcomes.length > 0 && outcomes.every((o) => o.startsWith('Failed')),
      `outcomes of failed entries: ${outcomes.join(' | ')}`,
    );
    await page.selectOption(id('activity-outcome'), '');
    await page.fill(id('activity-text'), stamp);
    await page.click(id('activity-show'));
    await page.waitForSelector(row('locks_rename'));
    expect(
      !(await page.locator(row('lock_groups_delete')).count()) ||
        (await page.locator(row('lock_groups_delete')).allTextContents()).every((r) =>
          r.includes(stamp),
        ),
      'the text filter keeps only entries with the text',
    );
    await shot('09b-activity');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click(id('activity-export')),
    ]);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text.startsWith('\ufeffTime (UTC),Connection,'), `CSV header: ${text.slice(0, 40)}`);
    expect(text.includes(`E2E door ${stamp}`), 'the CSV has the rename');
    expect(text.includes('\r\n'), 'CSV lines end with CRLF');
  });
}
