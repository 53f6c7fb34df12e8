import type { AnyCommandName, AnyRequest, AnyResponse, Backend, Unlisten } from './backend';
import type { EventName, EventPayload } from './commands';
import { BackendError } from './errors';

/** Talks to the loopback test host: `POST /api/<command>` with JSON in and out. */
export class HttpBackend implements Backend {
  readonly kind = 'http' as const;

  constructor(private readonly base = '') {}

  async call<C extends AnyCommandName>(cmd: C, req: AnyRequest<C>): Promise<AnyResponse<C>> {
    let res: globalThis.Response;
    try {
      res = await fetch(`${this.base}/api/${cmd}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
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

  /** The test host has no push channel and no desktop events: nothing is ever emitted. */
  async onEvent<E extends EventName>(
    _name: E,
    _handler: (payload: EventPayload<E>) => void,
  ): Promise<Unlisten> {
    return () => undefined;
  }
}
