import type { AnyCommandName, AnyRequest, AnyResponse, Backend, Unlisten } from './backend';
import type { EventName, EventPayload } from './commands';
import { BackendError } from './errors';

/** The header carrying the test host's token on every command call. */
export const TOKEN_HEADER = 'x-lockdesk-token';
const TOKEN_KEY = 'lockdesk-test-host-token';

/**
 * The token the test host printed at start. The page is opened at `/?token=…`: the token is
 * kept in this tab's session storage (a reload keeps working) and removed from the address.
 */
export function hostToken(): string {
  if (typeof location === 'undefined') return '';
  const url = new URL(location.href);
  const fromAddress = url.searchParams.get('token');
  if (fromAddress) {
    try {
      sessionStorage.setItem(TOKEN_KEY, fromAddress);
    } catch {
      /* storage refused: the token lives in this backend only */
    }
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url.toString());
    return fromAddress;
  }
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * Talks to the loopback test host: `POST /api/<command>` with JSON in and out, and the host's
 * token in {@link TOKEN_HEADER} (the host refuses calls without it).
 */
export class HttpBackend implements Backend {
  readonly kind = 'http' as const;

  constructor(
    private readonly base = '',
    private readonly token = hostToken(),
  ) {}

  async call<C extends AnyCommandName>(cmd: C, req: AnyRequest<C>): Promise<AnyResponse<C>> {
    let res: globalThis.Response;
    try {
      res = await fetch(`${this.base}/api/${cmd}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: this.token },
        body: JSON.stringify(req ?? {}),
      });
    } catch (err) {
      throw BackendError.from(err);
    }
    const text = await res.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        // Not the host's JSON (a proxy's page, a cut-off answer).
        throw BackendError.internal({ status: res.status });
      }
    }
    if (!res.ok)
      throw body ? BackendError.from(body) : BackendError.internal({ status: res.status });
    return body as AnyResponse<C>;
  }

  /** `POST /_host/folder`: the handle of the folder at `path`, as the desktop's dialog gives. */
  async typedFolder(path: string): Promise<string> {
    let res: globalThis.Response;
    try {
      res = await fetch(`${this.base}/_host/folder`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: this.token },
        body: JSON.stringify({ path }),
      });
    } catch (err) {
      throw BackendError.from(err);
    }
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok || !body || typeof (body as { handle?: unknown }).handle !== 'string')
      throw body ? BackendError.from(body) : BackendError.internal({ status: res.status });
    return (body as { handle: string }).handle;
  }

  /** `POST /_host/file`: the file at `path` may be read by the core, as after the desktop's open
   * dialog; answers the path, as the dialog does. */
  async typedFile(path: string): Promise<string> {
    let res: globalThis.Response;
    try {
      res = await fetch(`${this.base}/_host/file`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: this.token },
        body: JSON.stringify({ path }),
      });
    } catch (err) {
      throw BackendError.from(err);
    }
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok || !body || typeof (body as { path?: unknown }).path !== 'string')
      throw body ? BackendError.from(body) : BackendError.internal({ status: res.status });
    return (body as { path: string }).path;
  }

  /** The test host has no push channel and no desktop events: nothing is ever emitted. */
  async onEvent<E extends EventName>(
    _name: E,
    _handler: (payload: EventPayload<E>) => void,
  ): Promise<Unlisten> {
    return () => undefined;
  }
}
