/** Expected failures. The error handler maps each to its status and the `{error, code}` body. */
import type { ErrorCode } from '../../src/contract/errors';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class NotFoundError extends AppError {
  constructor(what = 'Resource') {
    super(404, 'not_found', `${what} not found`);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this.') {
    super(403, 'forbidden', message);
  }
}
export class UnauthenticatedError extends AppError {
  constructor(message = 'Please sign in.') {
    super(401, 'unauthenticated', message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}
export class ValidationError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(422, 'validation_failed', message, fields ? { fields } : undefined);
  }
}
export class RateLimitedError extends AppError {
  constructor(message = 'Too many requests. Please wait a moment and try again.') {
    super(429, 'rate_limited', message);
  }
}
