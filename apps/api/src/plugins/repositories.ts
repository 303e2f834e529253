import fp from 'fastify-plugin';
import { createCartRepository, type CartRepository } from '../repositories/carts.js';
import { createProductRepository, type ProductRepository } from '../repositories/products.js';

declare module 'fastify' {
  interface FastifyInstance {
    repos: { products: ProductRepository; carts: CartRepository };
  }
}

/** Routes talk to these typed services, never to Drizzle directly. */
export default fp(
  async (app) => {
    app.decorate('repos', { products: createProductRepository(app.db), carts: createCartRepository(app.db) });
  },
  { name: 'repositories', dependencies: ['db'] },
);
