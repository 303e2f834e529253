import type { ErrorBody, ErrorCode } from '@b2b/shared';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { AppError, errorBody, isDatabaseUnavailable, isDataViolation } from './errors.js';

export interface ErrorResponse {
  statusCode: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

const CLIENT_CODES: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

interface FastifyishError {
  statusCode?: unknown;
  code?: unknown;
  message?: unknown;
  validation?: unknown;
  validationContext?: unknown;
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

function fieldOf(issue: ValidationIssue, context: string): string {
  const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return path || context;
}

function messageOf(issue: ValidationIssue): string {
  const message = issue.message ?? 'Invalid value.';
  // zod's wording for a missing field ("expected string, received undefined") reads poorly in a form.
  if (/received undefined$/.test(message)) return 'This field is required.';
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

/** Maps anything thrown to the one ErrorBody shape; 5xx bodies never carry internals. */
export function toErrorResponse(error: unknown, config: Pick<Config, 'bodyLimitBytes'>): ErrorResponse {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      body: errorBody(error.statusCode, error.code, error.message, error.details),
    };
  }
  const e = (typeof error === 'object' && error !== null ? error : {}) as FastifyishError;
  const context = typeof e.validationContext === 'string' ? e.validationContext : 'body';

  if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(e.validation)) {
    const issues = (Array.isArray(e.validation) ? e.validation : []) as ValidationIssue[];
    const details = issues.map((issue) => ({ field: fieldOf(issue, context), message: messageOf(issue) }));
    const message = details.map((d) => `${d.field}: ${d.message}`).join(' ') || 'The request is invalid.';
    return { statusCode: 400, body: errorBody(400, 'VALIDATION_ERROR', message, details) };
  }

  const statusCode = typeof e.statusCode === 'number' ? e.statusCode : 500;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';

  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) {
    const kb = Math.round(config.bodyLimitBytes / 1024);
    return {
      statusCode: 413,
      body: errorBody(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than the ${kb} kB limit.`),
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      body: errorBody(503, 'DB_UNAVAILABLE', 'The database is unavailable. Please try again shortly.'),
      headers: { 'Retry-After': '5' },
    };
  }
  if (isDataViolation(error)) {
    return {
      statusCode: 400,
      body: errorBody(400, 'VALIDATION_ERROR', 'A value is invalid or outside the allowed range.'),
    };
  }
  // Client errors raised by Fastify or a plugin (bad JSON, wrong content type…) carry safe messages.
  if (statusCode >= 400 && statusCode < 500) {
    const mapped = CLIENT_CODES[statusCode] ?? 'VALIDATION_ERROR';
    const details = mapped === 'VALIDATION_ERROR' ? [{ field: 'body', message }] : undefined;
    return { statusCode, body: errorBody(statusCode, mapped, message, details) };
  }
  return {
    statusCode: 500,
    body: errorBody(500, 'INTERNAL', 'Something went wrong on our side. Please try again.'),
  };
}
