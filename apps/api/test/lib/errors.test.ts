import { expect, test } from 'vitest';
import { errorBodySchema } from '@b2b/shared';
import { toErrorResponse } from '../../src/lib/error-response.js';
import { HttpError, isDatabaseUnavailable } from '../../src/lib/errors.js';
import { likePattern } from '../../src/repositories/products.js';

const config = { bodyLimitBytes: 100 * 1024 };

test('likePattern escapes LIKE wildcards and the escape character', () => {
  expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  expect(likePattern('plain')).toBe('%plain%');
});

test('HttpErrors keep their status, code and message', () => {
  const res = toErrorResponse(new HttpError(422, 'MIN_ORDER_NOT_MET', 'You must buy at least 3 units.'), config);
  expect(res).toEqual({
    statusCode: 422,
    body: {
      statusCode: 422,
      code: 'MIN_ORDER_NOT_MET',
      error: 'Unprocessable Entity',
      message: 'You must buy at least 3 units.',
    },
  });
});

test('unknown errors become a bare 500', () => {
  const error = Object.assign(new Error('duplicate key value violates unique constraint "x"'), { code: '23505' });
  const res = toErrorResponse(error, config);
  expect(res.statusCode).toBe(500);
  expect(errorBodySchema.strict().parse(res.body)).toEqual({
    statusCode: 500,
    code: 'INTERNAL',
    error: 'Internal Server Error',
    message: 'Something went wrong on our side. Please try again.',
  });
});

test('database connection failures are recognised through Drizzle’s wrapper', () => {
  const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
  expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })))).toBe(true);
  expect(isDatabaseUnavailable(wrapped({ code: '57P01', message: 'terminating connection' }))).toBe(true);
  expect(isDatabaseUnavailable(wrapped(new Error('PGlite is closed')))).toBe(true);
  expect(isDatabaseUnavailable(wrapped({ code: '23514', message: 'check constraint' }))).toBe(false);
  const res = toErrorResponse(wrapped({ code: '08006' }), config);
  expect(res).toMatchObject({ statusCode: 503, body: { code: 'DB_UNAVAILABLE' }, headers: { 'Retry-After': '5' } });
});

test('a CHECK violation that slipped past validation is a 400, not a 500', () => {
  const res = toErrorResponse({ message: 'new row violates check constraint', cause: { code: '23514' } }, config);
  expect(res.statusCode).toBe(400);
  expect(res.body.code).toBe('VALIDATION_ERROR');
  expect(res.body.message).not.toMatch(/constraint/);
});
