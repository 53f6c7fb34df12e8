// The Users search measured as the page sees each keystroke: the input event, the search and the
// new rows, up to the frame that shows them. Shared by the big-office benches.

/** Milliseconds of each keystroke of "佐藤 花子", then "pers", typed into the Users search. */
export function userSearchKeystrokes(page) {
  return page.evaluate(async () => {
    const input = document.querySelector('[data-testid="user-search"]');
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    const each = [];
    for (const text of ['佐', '佐藤', '佐藤 ', '佐藤 花', '佐藤 花子', 'p', 'pe', 'per', 'pers']) {
      await frame();
      const start = performance.now();
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await frame();
      each.push(performance.now() - start);
    }
    return each;
  });
}
