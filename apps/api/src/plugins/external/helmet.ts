import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { contentSecurityPolicy } from '../../lib/csp.js';

/**
 * The headers helmet's middleware sets, read once by running it against a recorder: they depend
 * on the configuration only. (@fastify/helmet ran helmet(configuration) on every request, which
 * parsed the Content-Security-Policy again each time: 6% of the API's CPU on a cached answer.)
 */
function headersOf(middleware: ReturnType<typeof helmet>): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let called = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    called = true;
  });
  if (!called) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Security headers on every answer; the Content-Security-Policy allows the identity provider only. */
export default fp(
  async (app) => {
    const headers = headersOf(
      helmet({
        contentSecurityPolicy: { useDefaults: true, directives: contentSecurityPolicy(app.config) },
        // Firebase's sign-in popup talks back to its opener.
        crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      }),
    );
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
