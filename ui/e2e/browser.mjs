// Debian's Chromium driven by playwright-core (no browser download).
import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function launch() {
  const userDataDir = mkdtempSync(join(tmpdir(), 'lockdesk-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1360, height: 860 },
    locale: 'en-US',
    acceptDownloads: true,
  });
  // What Tauri's `freezePrototype` runs first in the app's window: the UI, charts included,
  // is tested under the same frozen Object.prototype.
  await context.addInitScript('Object.freeze(Object.prototype)');
  return context;
}
