// A test host of its own (`args`: '--demo big', '--demo full') with the demo reset, and a
// browser whose first page has the given size: for the tests and benches that need an
// organization other than the shared host's. `close()` ends both.
import { startHost } from './host.mjs';
import { launch } from './browser.mjs';

export async function ownHost({ args, viewport, timeoutMs }) {
  const host = await startHost({ args });
  let context = null;
  const close = async () => {
    await context?.close().catch(() => undefined);
    await host.stop();
  };
  try {
    await host.fetch('/_host/reset', { method: 'POST' });
    context = await launch();
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(timeoutMs);
    await page.setViewportSize(viewport);
    return { host, context, page, close };
  } catch (e) {
    await close();
    throw e;
  }
}
