// The Reports screen against the test host: a bad value is refused next to its field and
// nothing is stored (the UI's own check, then the core's: a folder that does not exist); a
// report is added into a fresh folder and listed with its schedule in words; Run now writes the
// Excel file there (no `.partial` left); a second run of the same period is already written;
// Remove asks first and the list is empty again. Screenshots of the list and the form in both
// languages and themes at the desktop window's size.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call } from './watch.mjs';
import { SIZE, atWindowSize } from './screenshots.mjs';

export async function reportsScreen({ page, test, expect, id, nav, shot }) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lockdesk-report-'));
  const name = '入退室履歴 e2e';
  let reportId = null;
  let written = null;
  const card = () => `${id('report')}[data-report-id="${reportId}"]`;
  const focused = () => page.evaluate(() => document.activeElement?.dataset?.testid ?? null);

  await test('reports: a bad value is refused next to its field and nothing is stored', async () => {
    await nav('reports');
    await page.waitForSelector(id('empty-state'));
    await page.click(id('report-add-open'));
    await page.waitForSelector(id('report-form'));
    expect((await focused()) === 'report-form-name', 'the name field does not take the focus');
    expect(
      (await page.inputValue(id('report-form-name'))) === 'Entry history',
      'the name is not prefilled',
    );
    await page.fill(id('report-form-name'), name);
    await page.fill(id('report-form-folder'), folder);
    // The bad time typed last, then Add at once: the time's error must not appear between the
    // button's press and release (it would push the button away and the click would be lost).
    await page.fill(id('report-form-at'), '25:00');
    await page.click(id('report-form-save'));
    await page.waitForSelector(id('report-not-added'));
    const atError = await page.textContent('#report-form-at-error');
    expect(atError?.includes('00:00 to 23:59'), `the time's error says ${atError}`);
    expect((await focused()) === 'report-form-at', 'the refused field does not take the focus');
    // The UI cannot know the folder is missing: the core refuses it, next to the folder field.
    await page.fill(id('report-form-at'), '08:00');
    await page.fill(id('report-form-folder'), path.join(folder, 'missing'));
    await page.click(id('report-form-save'));
    await page.waitForSelector('#report-form-folder-error');
    const folderError = await page.textContent('#report-form-folder-error');
    expect(folderError?.includes('no folder'), `the folder's error says ${folderError}`);
    expect((await page.locator('#report-form-at-error').count()) === 0, 'the time error stays');
    const stored = await call(page, 'reports_list');
    expect(stored.reports.length === 0, `${stored.reports.length} reports were stored`);
    await shot('reports-01-refused');
  });

  await test('reports: add one into a fresh folder; it is listed with its schedule in words', async () => {
    await page.fill(id('report-form-folder'), folder);
    await page.waitForSelector('#report-form-folder-error', { state: 'detached' });
    await page.selectOption(id('report-form-weekday'), '1');
    const preview = await page.textContent(id('report-form-preview'));
    expect(
      preview.startsWith(`${name}_`) && preview.endsWith('.xlsx'),
      `the file name preview is ${preview}`,
    );
    // History's filters: unlockings by an IC card from outside only.
    await page.check(id('report-form-method-nfc_outside'));
    await page.selectOption(id('report-form-action'), 'unlocked');
    const summary = await page.textContent(id('report-form-summary'));
    expect(summary.includes('Every Monday at 08:00'), `the form's summary is ${summary}`);
    await atWindowSize(page, () => shot('reports-02-add-form'));
    await page.click(id('report-form-save'));
    await page.waitForSelector(id('report'));
    expect((await focused()) === 'report-add-open', 'the focus is not back on Add report');
    reportId = await page.getAttribute(id('report'), 'data-report-id');
    expect(
      (await page.textContent(`${card()} ${id('report-name')}`)) === name,
      'the name is not listed',
    );
    const when = await page.textContent(`${card()} ${id('report-when')}`);
    expect(
      when.trim() === 'Every Monday at 08:00, about the 7 days before',
      `the schedule reads ${when}`,
    );
    const what = await page.textContent(`${card()} ${id('report-what')}`);
    expect(
      what === 'Entry history · Every lock · IC card (outside) · Unlocked',
      `what reads ${what}`,
    );
    expect((await page.textContent(`${card()} ${id('report-folder')}`)) === folder, 'folder');
    const stored = await call(page, 'reports_list');
    const r = stored.reports.find((v) => v.report.id === reportId)?.report;
    expect(r && r.folder === folder && r.format === 'xlsx', `stored ${JSON.stringify(r)}`);
    expect(r.schedule.every === 'weekly' && r.schedule.weekday === 1, 'the schedule stored');
    const w = r.what;
    expect(
      w.kind === 'history' &&
        w.lock_ids.length === 0 &&
        JSON.stringify(w.kinds) === '["nfc_outside"]' &&
        w.is_locked === false &&
        w.user === undefined,
      `the filters stored: ${JSON.stringify(w)}`,
    );
  });

  await test('reports: Run now writes the workbook into the folder', async () => {
    await page.click(`${card()} ${id('report-run')}`);
    await page.waitForSelector(`${card()} ${id('report-outcome')}`, { timeout: 120_000 });
    const outcome = page.locator(`${card()} ${id('report-outcome')}`);
    const kind = await outcome.getAttribute('data-kind');
    expect(kind === 'written', `the run ended as ${kind}: ${await outcome.textContent()}`);
    written = await outcome.getAttribute('data-file');
    expect((await outcome.textContent()).includes(written), 'the outcome does not name the file');
    const base = path.basename(written);
    expect(path.dirname(written) === folder, `written to ${written}`);
    expect(base.startsWith(`${name}_`) && base.endsWith('.xlsx'), `the file is ${base}`);
    const bytes = fs.readFileSync(written);
    expect(bytes.subarray(0, 2).toString('latin1') === 'PK', 'the file is not a zip (xlsx)');
    const left = fs.readdirSync(folder);
    expect(!left.some((f) => f.includes('.partial')), `left in the folder: ${left.join(', ')}`);
    expect(left.length === 1, `the folder holds ${left.join(', ')}`);
    await page.waitForSelector(`${card()} ${id('report-last-run')}[data-state="done"]`);
    const file = await page.textContent(`${card()} ${id('report-last-file')}`);
    expect(file === base, `the last run shows ${file}`);
    expect(!(await page.isDisabled(`${card()} ${id('report-run')}`)), 'Run now stays busy');
    await atWindowSize(page, () => shot('reports-03-written'));
  });

  await test('reports: the same period run again without "again" is already written', async () => {
    const res = await call(page, 'reports_run', { id: reportId });
    const run = res.runs.find((r) => r.report_id === reportId);
    expect(run?.outcome.kind === 'already_written', `the run says ${JSON.stringify(run)}`);
    expect(run.outcome.file === written, `already written as ${run.outcome.file}`);
    expect(res.sync === null, 'the archive was synced for a period already written');
  });

  await test('reports: the list and the form in both languages and themes', async () => {
    const before = page.viewportSize();
    await page.setViewportSize(SIZE);
    try {
      for (const lang of ['en', 'ja']) {
        await page.selectOption(id('language'), lang);
        for (const theme of ['light', 'dark']) {
          await page.emulateMedia({ colorScheme: theme });
          await page.waitForSelector(`${card()} ${id('report-last-run')}[data-state="done"]`);
          await shot(`reports-list-${lang}-${theme}`);
          await page.click(id('report-add-open'));
          await page.waitForSelector(id('report-form'));
          await page.uncheck(id('report-all-locks'));
          await page.waitForSelector(id('report-lock'));
          await page.selectOption(id('report-form-every'), 'monthly');
          await shot(`reports-form-${lang}-${theme}`);
          // The screen scrolls in its own area: its end is a second picture.
          await page.locator(id('report-form-save')).scrollIntoViewIfNeeded();
          await shot(`reports-form-end-${lang}-${theme}`);
          await page.click(id('report-form-cancel'));
          await page.waitForSelector(id('report-form'), { state: 'detached' });
        }
      }
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.selectOption(id('language'), 'en');
      if (before) await page.setViewportSize(before);
    }
  });

  await test('reports: an alerts report needs no locks and writes a CSV', async () => {
    await page.click(id('report-add-open'));
    await page.waitForSelector(id('report-form'));
    await page.selectOption(id('report-form-kind'), 'alerts');
    await page.waitForSelector(id('report-form-locks'), { state: 'detached' });
    const named = await page.inputValue(id('report-form-name'));
    expect(named === 'Watch alerts', `the name did not follow the kind: ${named}`);
    await page.selectOption(id('report-form-every'), 'daily');
    await page.selectOption(id('report-form-format'), 'csv');
    await page.fill(id('report-form-folder'), folder);
    await page.click(id('report-form-save'));
    await page.waitForSelector(`${id('report')} >> nth=1`);
    const stored = await call(page, 'reports_list');
    const alerts = stored.reports.find((v) => v.report.what.kind === 'alerts')?.report;
    expect(alerts?.format === 'csv', `stored ${JSON.stringify(alerts)}`);
    const own = `${id('report')}[data-report-id="${alerts.id}"]`;
    expect((await page.textContent(`${own} ${id('report-what')}`)) === 'Watch alerts', 'what');
    await page.click(`${own} ${id('report-run')}`);
    await page.waitForSelector(`${own} ${id('report-outcome')}`, { timeout: 120_000 });
    const outcome = page.locator(`${own} ${id('report-outcome')}`);
    expect((await outcome.getAttribute('data-kind')) === 'written', await outcome.textContent());
    const file = await outcome.getAttribute('data-file');
    const text = fs.readFileSync(file, 'utf8');
    expect(
      text.startsWith('\uFEFFRaised,Alert,Happened,Lock ID,Lock'),
      `the CSV starts ${text.slice(0, 60)}`,
    );
    await call(page, 'reports_remove', { id: alerts.id });
    fs.rmSync(file);
    await nav('watch');
    await nav('reports');
    await page.waitForSelector(card());
  });

  await test('reports: remove through the confirm dialog; the list is empty again', async () => {
    await page.click(`${card()} ${id('report-remove')}`);
    await page.waitForSelector(`${id('confirm-dialog')}[open]`);
    const message = await page.textContent(id('confirm-dialog'));
    expect(message.includes(name), `the dialog says ${message}`);
    await page.click(id('confirm-ok'));
    await page.waitForSelector(id('empty-state'));
    const stored = await call(page, 'reports_list');
    expect(stored.reports.length === 0, `${stored.reports.length} reports left`);
    expect(fs.existsSync(written), 'removing the report removed its file');
    fs.rmSync(folder, { recursive: true, force: true });
  });
}
