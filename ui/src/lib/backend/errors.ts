import type { ErrorPayload } from './types/ErrorPayload';
import type { JsonValue } from './types/serde_json/JsonValue';

export type { ErrorPayload };

/** `details` when it is an object (it always is from the core; anything else reads as none). */
export type ErrorDetails = { [key: string]: JsonValue | undefined };

/** What every backend call fails with: the core's `ErrorPayload` `{code, message, details}`. */
export class BackendError extends Error {
  readonly code: string;
  readonly details: ErrorDetails | null;

  constructor(payload: ErrorPayload) {
    super(payload.message);
    this.name = 'BackendError';
    this.code = payload.code;
    const d = payload.details;
    this.details =
      typeof d === 'object' && d !== null && !Array.isArray(d) ? (d as ErrorDetails) : null;
  }

  /** Builds a BackendError from anything a transport threw or answered. */
  static from(err: unknown): BackendError {
    if (err instanceof BackendError) return err;
    if (isPayload(err)) return new BackendError(err);
    if (typeof err === 'string') {
      try {
        const parsed: unknown = JSON.parse(err);
        if (isPayload(parsed)) return new BackendError(parsed);
      } catch {
        /* not JSON */
      }
      return new BackendError({ code: 'internal', message: err });
    }
    const message = err instanceof Error ? err.message : String(err);
    return new BackendError({ code: 'transport', message });
  }
}

function isPayload(v: unknown): v is ErrorPayload {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as ErrorPayload).code === 'string' &&
    typeof (v as ErrorPayload).message === 'string'
  );
}
