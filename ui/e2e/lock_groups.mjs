// A lock group made through the screen, as several walks need one: the form, then the picker.

/** Creates the group `name` on the Lock groups screen (already open) and adds the picker's first
 * `count` locks; returns with the group open and its members listed. */
export async function createLockGroup({ page, id }, name, count = 1) {
  await page.click(id('lock-group-new'));
  await page.fill(id('lock-group-form-name'), name);
  await page.click(id('lock-group-form-save'));
  await page.waitForSelector(id('lock-group-detail'));
  await page.click(id('lock-group-add'));
  await page.waitForSelector(id('lock-group-picker-option'));
  const options = page.locator(id('lock-group-picker-option'));
  for (let i = 0; i < count; i++) await options.nth(i).check();
  await page.click(id('lock-group-picker-confirm'));
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="lock-group-member"]').length === n,
    count,
  );
}
