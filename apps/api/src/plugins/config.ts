import fp from 'fastify-plugin';
import { setShopCurrency } from '@b2b/shared';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/**
 * Exposes the validated configuration; nothing else in the app reads process.env. Sets the shop's
 * currency for every formatter of the process (emails, messages, documents).
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    setShopCurrency(config.currency);
    app.decorate('config', config);
  },
  { name: 'config' },
);
