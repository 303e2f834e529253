import fp from 'fastify-plugin';
import { createCartRepository, type CartRepository } from '../repositories/carts.js';
import { createCompanyRepository, type CompanyRepository } from '../repositories/companies.js';
import { createListRepository, type ListRepository } from '../repositories/lists.js';
import { createOrderRepository, type OrderRepository } from '../repositories/orders.js';
import { createProductRepository, type ProductRepository } from '../repositories/products.js';
import { createQuickOrderRepository, type QuickOrderRepository } from '../repositories/quick-order.js';

declare module 'fastify' {
  interface FastifyInstance {
    repos: {
      products: ProductRepository;
      carts: CartRepository;
      orders: OrderRepository;
      quickOrder: QuickOrderRepository;
      lists: ListRepository;
      companies: CompanyRepository;
    };
  }
}

/** Routes talk to these typed services, never to Drizzle directly. */
export default fp(
  async (app) => {
    const carts = createCartRepository(app.db, { holdHours: app.config.cartHoldHours });
    app.decorate('repos', {
      products: createProductRepository(app.db),
      carts,
      orders: createOrderRepository(app.db, { carts, approvalTimeoutHours: app.config.approvalTimeoutHours }),
      quickOrder: createQuickOrderRepository(app.db, { carts }),
      lists: createListRepository(app.db, { carts }),
      companies: createCompanyRepository(app.db),
    });
  },
  { name: 'repositories', dependencies: ['db', 'config'] },
);
