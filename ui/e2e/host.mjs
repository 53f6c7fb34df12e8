// Starts the loopback test host over the real core (the Rust side's binary) and reads its
// `{"url", "token", "open"}` line (docs/app-contract.md): the host refuses calls without its
// token (header `x-lockdesk-token`), so the browser opens `open` (`url/?token=…`), from which
// the UI's HTTP backend takes the token, and `hostFetch` sends it. Which command:
//   1. LOCKDESK_TEST_HOST_CMD: a shell command run from the repository root, used as given;
//   2. LOCKDESK_TEST_HOST_BIN: the built `lockdesk-test-host` binary;
//   3. the first built binary found in $CARGO_TARGET_DIR/{debug,release} or target/{debug,release};
//   4. `cargo run -q -p lockdesk-testhost --bin lockdesk-test-host` (compiles it first).
// `--ui ui/dist` is added to 2–4.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const uiDist = join(repoRoot, 'ui', 'dist');

const q = (p) => `'${p.replaceAll("'", "'\\''")}'`;

/** The header carrying the host's token (ui/src/lib/backend/http.ts sends it too). */
export const TOKEN_HEADER = 'x-lockdesk-token';

export function hostCommand(env = process.env, args = '') {
  if (env.LOCKDESK_TEST_HOST_CMD) return `${env.LOCKDESK_TEST_HOST_CMD} ${args}`.trim();
  const ui = `--ui ${q(uiDist)} ${args}`.trim();
  if (env.LOCKDESK_TEST_HOST_BIN) return `${q(env.LOCKDESK_TEST_HOST_BIN)} ${ui}`;
  const dirs = [env.CARGO_TARGET_DIR, join(repoRoot, 'target')].filter(Boolean);
  for (const d of dirs)
    for (const profile of ['debug', 'release']) {
      const bin = join(d, profile, 'lockdesk-test-host');
      if (existsSync(bin)) return `${q(bin)} ${ui}`;
    }
  return `cargo run -q -p lockdesk-testhost --bin lockdesk-test-host -- ${ui}`;
}

/** `args`: more options of the host, e.g. `--demo full`; `env`: its environment beside ours (a
 * variable set to `undefined` is left out). */
export async function startHost({ timeoutMs = 600_000, args = '', env = {} } = {}) {
  const cmd = hostCommand(process.env, args);
  console.log(`starting the test host: ${cmd}`);
  const child = spawn('bash', ['-c', `exec ${cmd}`], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: Object.fromEntries(
      Object.entries({ ...process.env, LOCKDESK_UI_DIST: uiDist, ...env }).filter(
        ([, v]) => v !== undefined,
      ),
    ),
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const ready = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`test host gave no {"url"} line in ${timeoutMs} ms\n${stderr}`)),
      timeoutMs,
    );
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`test host exited (${code}) before giving its url\n${stderr}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        const msg = JSON.parse(line);
        if (typeof msg.url === 'string' && typeof msg.token === 'string') {
          clearTimeout(timer);
          resolve(msg);
        }
      } catch {
        /* not the url line */
      }
    });
  });
  const { url, token } = ready;
  return {
    url,
    token,
    /** The address that hands the token to the UI. */
    open: ready.open ?? `${url}/?token=${encodeURIComponent(token)}`,
    /** `fetch` on the host with its token. */
    fetch: (path, init = {}) =>
      fetch(`${url}${path}`, { ...init, headers: { ...init.headers, [TOKEN_HEADER]: token } }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
