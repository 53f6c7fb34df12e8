import type { ErrorCategory } from './types/ErrorCategory';
import type { ErrorCode } from './types/ErrorCode';
import type { ErrorDetails } from './types/ErrorDetails';
import type { ErrorPayload } from './types/ErrorPayload';

export type { ErrorCategory, ErrorCode, ErrorDetails, ErrorPayload };

/** What the UI says when it cannot talk to its own backend (never the backend's words). */
const UNANSWERED = 'Lockdesk could not complete the request.';

/** What every backend call fails with: the core's `ErrorPayload` `{code, category, message, details}`. */
export class BackendError extends Error {
  readonly code: ErrorCode;
  readonly category: ErrorCategory;
  readonly details: ErrorDetails;

  constructor(payload: ErrorPayload) {
    super(payload.message);
    this.name = 'BackendError';
    this.code = payload.code;
    this.category = payload.category;
    const d: unknown = payload.details;
    this.details = typeof d === 'object' && d !== null && !Array.isArray(d) ? d : {};
  }

  /** A failure of the UI's own channel to the backend: `internal`, with a neutral message. */
  static internal(details: ErrorDetails = {}): BackendError {
    return new BackendError({
      code: 'internal',
      category: 'internal',
      message: UNANSWERED,
      details,
    });
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
    }
    return BackendError.internal();
  }
}

function isPayload(v: unknown): v is ErrorPayload {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as ErrorPayload).code === 'string' &&
    typeof (v as ErrorPayload).category === 'string' &&
    typeof (v as ErrorPayload).message === 'string'
  );
}
