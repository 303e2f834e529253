import { errorBodySchema } from '@b2b/shared';
import type { FastifyReply } from 'fastify';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503;

/** The error statuses a route can answer with, all in the one ErrorBody shape. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}

/** Routes that need a signed-in user: documented in OpenAPI as bearer auth. */
export const bearer = [{ bearerAuth: [] }];

export function setTotal(reply: FastifyReply, total: number): void {
  reply.header('X-Total-Count', String(total));
}
