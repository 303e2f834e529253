import { expect, test } from 'vitest';
import { decodeCursor, encodeCursor, isTimeAndId } from '../../src/lib/cursor.js';
import { AppError, found, missing, notFound } from '../../src/lib/errors.js';

const at = '2026-11-28 03:14:15.123456+00';
const id = '0b6d3a52-5d0e-4a8f-9c1e-1f2a3b4c5d6e';

test('a cursor carries its keys there and back, opaque to the client', () => {
  const cursor = encodeCursor([at, id]);
  expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(decodeCursor(cursor, isTimeAndId)).toEqual([at, id]);
});

test('a cursor of another list, a hand-made one or garbage is the same 400', () => {
  for (const text of [encodeCursor({ s: 'newest', v: [at, id] }), encodeCursor([at, 'not-an-id']), '%%%', 'e30']) {
    let error: unknown;
    try {
      decodeCursor(text, isTimeAndId);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'cursor' }] });
  }
});

test('found turns a repository’s null into the route’s 404, and a missing part into its own', () => {
  expect(found({ name: 'Bar restock' }, 'List')).toEqual({ name: 'Bar restock' });
  expect(() => found(null, 'List')).toThrow(notFound('List').message);
  expect(() => found(missing('List line'), 'List')).toThrow('List line not found.');
});
