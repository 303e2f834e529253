import { can, errorBodySchema, PERMISSIONS, publicProductSchema, rolesThatCan, type Permission } from '@b2b/shared';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ListPageInfo } from './page.js';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** The error statuses a route can answer with, all in the one ErrorBody shape. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}

/** Routes that need a signed-in user: documented in OpenAPI as bearer auth. */
export const bearer = [{ bearerAuth: [] }];
/** Public routes that say more to a signed-in caller: the token is optional. */
export const optionalBearer: Record<string, string[]>[] = [{}, { bearerAuth: [] }];

/**
 * Sellers' email addresses are for signed-in users only: anonymous callers get products
 * without `email` (the serializer leaves an undefined field out).
 */
export function forCaller<T extends { email?: string | undefined }>(request: FastifyRequest, product: T): T {
  return request.user ? product : { ...product, email: undefined };
}

export function setTotal(reply: FastifyReply, total: number): void {
  reply.header('X-Total-Count', String(total));
}

/** What a list says about itself, in headers: its body stays the plain array the client expects. */
export const LIST_HEADERS_DOC =
  'X-Total-Count is the number of matches; X-Total-Count-Relation says whether it is exact (eq), a lower ' +
  "bound (gte: a seller's own list past 10,000) or an estimate (estimate: searches and brand, price, rating " +
  'or seller filters past 10,000 matches). X-Next-Cursor (and a Link ' +
  'rel="next") continue the list after this page; X-Search-Corrected names the spelling searched instead ' +
  'when q itself matched nothing.';

/** The headers of a page, and its items as the body (without sellers' emails for anonymous callers). */
export function sendPage<T extends { email?: string | undefined }>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: ListPageInfo & { items: T[] },
): T[] {
  setPageHeaders(request, reply, page);
  return request.user ? page.items : page.items.map((item) => forCaller(request, item));
}

/** The response of every product list: an array of products (`email` for signed-in callers), or a 400/429 error. */
export const productListResponse = { 200: z.array(publicProductSchema), ...errorResponses(400, 429) };

export function setPageHeaders(request: FastifyRequest, reply: FastifyReply, page: ListPageInfo): void {
  setTotal(reply, page.total);
  reply.header('X-Total-Count-Relation', page.totalIsEstimate ? 'estimate' : page.totalIsExact ? 'eq' : 'gte');
  if (page.nextCursor) {
    reply.header('X-Next-Cursor', page.nextCursor);
    const url = new URL(request.url, 'http://x');
    url.searchParams.delete('offset');
    url.searchParams.set('cursor', page.nextCursor);
    reply.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  if (page.correctedQuery) reply.header('X-Search-Corrected', encodeURIComponent(page.correctedQuery));
}

/**
 * Who may call a seller route, for its OpenAPI description: read from the roles table in
 * packages/shared (roles.ts), so the document says what the checks do.
 */
export function permissionDoc(permission: Permission): string {
  const roles = rolesThatCan(permission).map((role) => `\`${role}\``);
  const soleTrader = can(null, permission) ? 'A user without a company, or a' : 'A';
  return (
    `${soleTrader} company member with the role ${roles.join(' or ')} (permission \`${permission}\`: ` +
    `${PERMISSIONS[permission]}); other roles get 403 FORBIDDEN. A member acts for the company: its catalogue, ` +
    `its sales, its dashboard.`
  );
}
