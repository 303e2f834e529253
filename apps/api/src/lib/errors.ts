import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@b2b/shared';

/**
 * A failure the client caused or may act on, named by its error code. Repositories and
 * plugins throw these; the HTTP status comes from the shared code table, in the error handler.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorBody['details'],
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

/** One line of a request refused, by the field (a product's id) and why: a detail of `refuseLines`. */
export interface LineRefusal {
  code: ErrorCode;
  field: string;
  message: string;
}

/**
 * Refuses a request of several lines when any line is refused (nothing of it is done): the first
 * refusal's code, `lead` and every line's reason in the message, each line in the details.
 */
export function refuseLines(lead: string, refusals: readonly LineRefusal[]): void {
  const [first] = refusals;
  if (!first) return;
  throw new AppError(
    first.code,
    `${lead} ${refusals.map((refusal) => refusal.message).join(' ')}`,
    refusals.map(({ field, message }) => ({ field, message })),
  );
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found.`);

/**
 * A repository's answer when a part of what it was asked for is not there (a list's line, the
 * product a new line names): the route turns it into the 404 that names it. A repository answers
 * null when the thing itself is not there, or is not the caller's to know of.
 */
export interface Missing {
  missing: string;
}
export const missing = (what: string): Missing => ({ missing: what });

/** A repository's answer, or the 404: null is `what` not found, Missing names its own part. */
export function found<T>(answer: T | Missing | null, what: string): Exclude<T, Missing> {
  if (answer === null) throw notFound(what);
  if (typeof answer === 'object' && answer !== null && 'missing' in answer) {
    throw notFound((answer as Missing).missing);
  }
  return answer as Exclude<T, Missing>;
}
export const forbidden = (message = 'You are not allowed to do this.') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Sign in to continue.') => new AppError('UNAUTHENTICATED', message);

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function reasonPhrase(statusCode: number): string {
  return REASONS[statusCode] ?? (statusCode >= 500 ? 'Internal Server Error' : 'Bad Request');
}

export function errorBody(
  statusCode: number,
  code: ErrorCode,
  message: string,
  details?: ErrorBody['details'],
): ErrorBody {
  return { statusCode, code, error: reasonPhrase(statusCode), message, ...(details ? { details } : {}) };
}

/** Walks `cause` links: Drizzle wraps driver errors in a DrizzleQueryError. */
function* causes(error: unknown): Generator<Record<string, unknown>> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The innermost error of a `cause` chain: the driver's own error, without Drizzle's SQL text. */
export function rootCause(error: unknown): unknown {
  let last: unknown = error;
  for (const e of causes(error)) last = e;
  return last;
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/**
 * SQLSTATEs meaning "the database cannot serve us right now", not "this query is wrong":
 * class 08 connection exception, 28 invalid authorization (wrong password, role gone),
 * 53 insufficient resources (53300 too many connections, disk full, out of memory),
 * 57P01–57P05 server shutting down / crashed / starting / database dropped / session ended,
 * 57014 a statement cancelled by the statement timeout (the database is overloaded),
 * 3D000 the database does not exist.
 */
const UNAVAILABLE_SQLSTATE = /^(?:08[0-9A-Z]{3}|28[0-9A-Z]{3}|53[0-9A-Z]{3}|57P0[1-5]|57014|3D000)$/;

/** True when the database cannot be reached (as opposed to a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)) return true;
    if (
      /PGlite is closed|Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}

/**
 * SQLSTATEs of a rejected value — the client's fault, not ours: 23514 CHECK, 23502 NOT NULL,
 * 22003 out of range, 22P02 bad text representation, 22021 a character the encoding cannot
 * hold (U+0000 in text), 22P05 untranslatable character.
 */
const DATA_VIOLATION_SQLSTATES = new Set(['23514', '22003', '22P02', '23502', '22021', '22P05']);

export function isDataViolation(error: unknown): boolean {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && DATA_VIOLATION_SQLSTATES.has(e.code)) return true;
  }
  return false;
}

/** True when `error` is a unique violation (23505) of the named constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (const e of causes(error)) {
    if (e.code === '23505' && e.constraint === constraint) return true;
  }
  return false;
}
