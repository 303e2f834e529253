import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { contentSecurityPolicy } from '../../lib/csp.js';

/** Security headers on every answer; the Content-Security-Policy allows the identity provider only. */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: true, directives: contentSecurityPolicy(app.config) },
      // Firebase's sign-in popup talks back to its opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
