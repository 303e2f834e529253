import { ApiError } from '@/lib/api-client';

/** A malformed id is answered with 400; to the visitor it is the same as an unknown one. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
