import { AppError } from './errors.js';

/*
 * The one cursor codec of every paged list (the catalogue, orders, notifications): a cursor is
 * the last row's sort key values as base64url JSON, opaque to clients, and checked on the way back
 * in by the list that reads it, so a cursor of another list, or a hand-made one, is a 400.
 */

/** The continuation of a list after the row whose keys these are. */
export function encodeCursor(keys: unknown): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

/** The keys of a cursor, if `accept` recognises them as this list's; otherwise a 400 that says what to pass. */
export function decodeCursor<T>(text: string, accept: (keys: unknown) => keys is T): T {
  let keys: unknown;
  try {
    keys = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw cursorError();
  }
  if (!accept(keys)) throw cursorError();
  return keys;
}

function cursorError(): AppError {
  return new AppError(
    'VALIDATION_ERROR',
    'cursor is not valid for this list: pass the X-Next-Cursor of its last page.',
    [{ field: 'cursor', message: 'Not a cursor of this list.' }],
  );
}

const UUID = /^[0-9a-f-]{36}$/i;

/** The keys of a list newest first: the last row's timestamp (as text, microseconds kept) and id. */
export function isTimeAndId(keys: unknown): keys is [string, string] {
  return (
    Array.isArray(keys) &&
    keys.length === 2 &&
    typeof keys[0] === 'string' &&
    !Number.isNaN(Date.parse(keys[0])) &&
    typeof keys[1] === 'string' &&
    UUID.test(keys[1])
  );
}
