/** Client errors and the message catalogue of spec 000 section 8. */
import { ApiErrorBodySchema, ERROR_TEXT, type ErrorCode } from '../../contract/errors';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: ErrorCode,
    readonly details?: { fields?: Record<string, string> } & Record<string, unknown>,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request never reached the server (offline, DNS, connection refused). */
export class NetworkError extends ApiError {
  constructor() {
    super(ERROR_TEXT.network, 0);
    this.name = 'NetworkError';
  }
}

/** A success body without the member the call needs. */
export class MalformedResponseError extends ApiError {
  constructor(status: number) {
    super(ERROR_TEXT.malformed, status);
    this.name = 'MalformedResponseError';
  }
}

/**
 * The message for a failed response, in the catalogue's order: a 404 names the path; else the
 * body's error string; else an error object's message; else "Unknown API error".
 */
export function apiErrorFromResponse(status: number, path: string, body: unknown): ApiError {
  const parsed = ApiErrorBodySchema.safeParse(body);
  const code = parsed.success ? parsed.data.code : undefined;
  const details = parsed.success ? parsed.data.details : undefined;
  const requestId = parsed.success ? parsed.data.requestId : undefined;
  if (status === 404) return new ApiError(ERROR_TEXT.notFound(path), status, code ?? 'not_found', details, requestId);
  if (parsed.success) return new ApiError(parsed.data.error, status, code, details, requestId);
  if (body && typeof body === 'object') {
    const error = (body as { error?: unknown }).error;
    if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
      return new ApiError((error as { message: string }).message, status);
    }
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string') return new ApiError(message, status);
  }
  return new ApiError(ERROR_TEXT.unknownApi, status);
}

/** Any thrown value as the text to show: API messages as they are, anything else generic. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return ERROR_TEXT.unknown;
}
