import { expect, test } from 'vitest';
import { errorBodySchema } from '@b2b/shared';
import { toErrorResponse } from '../../src/lib/error-response.js';
import { AppError, isDatabaseUnavailable } from '../../src/lib/errors.js';
import { likePattern } from '../../src/capabilities/catalogue/listing/conditions.js';

const config = { bodyLimitBytes: 100 * 1024 };

test('likePattern escapes LIKE wildcards and the escape character', () => {
  expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  expect(likePattern('plain')).toBe('%plain%');
});

test('AppErrors get the status of their code and keep their message', () => {
  const res = toErrorResponse(new AppError('MIN_ORDER_NOT_MET', 'You must buy at least 3 units.'), config);
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

test.each([
  ['08006', 'connection failure'],
  ['08001', 'cannot establish connection'],
  ['28P01', 'password authentication failed'],
  ['28000', 'role is not permitted to log in'],
  ['53300', 'too many clients already'],
  ['53100', 'disk full'],
  ['53200', 'out of memory'],
  ['57P01', 'terminating connection due to administrator command'],
  ['57P02', 'crash shutdown'],
  ['57P03', 'the database system is starting up'],
  ['3D000', 'database "b2b" does not exist'],
  // An overloaded database: the request gets a quick 503 with Retry-After, not a 500.
  ['57014', 'canceling statement due to statement timeout'],
])('SQLSTATE %s (%s) is 503 DB_UNAVAILABLE, not 500', (code, message) => {
  const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: { code, message } });
  expect(isDatabaseUnavailable(wrapped)).toBe(true);
  const res = toErrorResponse(wrapped, config);
  expect(res).toMatchObject({ statusCode: 503, body: { code: 'DB_UNAVAILABLE' }, headers: { 'Retry-After': '5' } });
  expect(JSON.stringify(res.body)).not.toContain(message);
});

test.each([
  ['23505', 'unique violation'],
  ['42P01', 'undefined table'],
  ['P0001', 'raise exception'],
  ['40001', 'serialization failure'],
  ['2800', 'not a SQLSTATE'],
])('SQLSTATE %s (%s) is not a database outage', (code) => {
  expect(isDatabaseUnavailable({ cause: { code } })).toBe(false);
});

test.each([
  ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
  ['22P05', 'unsupported Unicode escape sequence'],
  ['22003', 'integer out of range'],
])('SQLSTATE %s (%s) is the client’s 400, with no driver text', (code, message) => {
  const res = toErrorResponse(Object.assign(new Error(`Failed query: insert`), { cause: { code, message } }), config);
  expect(res.statusCode).toBe(400);
  expect(res.body.code).toBe('VALIDATION_ERROR');
  expect(JSON.stringify(res.body)).not.toMatch(/UTF8|Unicode|integer|insert/);
});
