import {
  emailPreferencesSchema,
  emailPreferencesUpdateSchema,
  markReadResultSchema,
  markReadSchema,
  notificationListQuerySchema,
  notificationSchema,
  unreadCountSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
} from '@b2b/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/app/auth.js';
import { bearer, errorResponses } from '../../lib/route-schemas.js';
import { notFound } from '../../lib/errors.js';

const tags = ['notifications'];

/**
 * The caller's inbox and email preferences (docs/architecture.md, "Notifications"). No route
 * names a user: every row is selected by the token's uid. The one-click unsubscribe is the only
 * anonymous route: its secret token names the recipient.
 */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.notificationRepository;

  // RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, undefined),
  );

  app.get(
    '/notifications',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The caller's notifications, newest first",
        description:
          'Each with `read`. `unread=true` keeps the unread ones; X-Next-Cursor continues after this page. ' +
          'X-Unread-Count is the number of unread notifications.',
        security: bearer,
        querystring: notificationListQuerySchema,
        response: { 200: z.array(notificationSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const [page, unread] = await Promise.all([repo.list(user, request.query), repo.unread(user)]);
      reply.header('x-unread-count', String(unread));
      if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
      return page.items;
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'How many of the caller’s notifications are unread (the navbar bell)',
        description: 'One index lookup: the bell asks every 30 s while the page is visible.',
        security: bearer,
        response: { 200: unreadCountSchema, ...errorResponses(401, 429) },
      },
    },
    async (request) => ({ unread: await repo.unread(currentUser(request)) }),
  );

  app.post(
    '/notifications/read',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Mark notifications read',
        description:
          '`{ids: [...]}` (up to 100 of the caller’s) or `{all: true}`. Ids of other users’ notifications change nothing.',
        security: bearer,
        body: markReadSchema,
        response: { 200: markReadResultSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => repo.markRead(currentUser(request), request.body),
  );

  app.get(
    '/notifications/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Which emails the caller receives',
        description: 'Every topic is on until switched off.',
        security: bearer,
        response: { 200: emailPreferencesSchema, ...errorResponses(401, 429) },
      },
    },
    async (request) => repo.preferences(currentUser(request)),
  );

  app.put(
    '/notifications/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Switch emails on or off',
        description: 'Any subset of the topics; the others stay as they are. The in-app inbox always gets everything.',
        security: bearer,
        body: emailPreferencesUpdateSchema,
        response: { 200: emailPreferencesSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => repo.updatePreferences(currentUser(request), request.body),
  );

  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: 'One-click unsubscribe from one topic of email (the link in each email)',
        description:
          'No sign-in: the secret `token` of the link names the recipient. Also accepts the RFC 8058 ' +
          '`List-Unsubscribe=One-Click` form POST of mail clients. 404 for a token that names no one.',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResultSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const result = await repo.unsubscribe(request.query.token, request.query.topic);
      if (!result) throw notFound('Unsubscribe link');
      return result;
    },
  );
};

export default notificationRoutes;
