/**
 * One error type with a code, mapped to an HTTP status in one handler (app.ts).
 * Messages are sentences a person can act on; 5xx messages are never sent to the client.
 */
export const errorStatus = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
  get status(): number {
    return errorStatus[this.code];
  }
  /** The status under the name Fastify and its plugins read. */
  get statusCode(): number {
    return this.status;
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError('bad_request', message, details);
export const notFound = (message: string) => new AppError('not_found', message);
export const payloadTooLarge = (message: string) => new AppError('payload_too_large', message);
