import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import type { Category } from '@b2b/shared';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/client.js';
import { cartItems, products, type NewProductRow } from '../src/db/schema.js';

/*
 * Load test: a listening app on in-memory PGlite with the Auth Emulator (root `npm run bench`
 * provides it). Measures health, listing, search and purchases; prints req/s, p50/p99 and
 * how listing compares with the trivial health route in the same run.
 * BENCH_SECONDS (default 6) sets each scenario's duration.
 */

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const connections = 10;
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!emulatorHost) {
  console.error('Run the bench with the Auth Emulator: npm run bench (from the repository root).');
  process.exit(1);
}

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  PGLITE_DIR: 'memory://',
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: '/nonexistent',
  // The bench is one user hammering writes on purpose.
  WRITE_RATE_LIMIT_PER_MINUTE: '1000000000',
  // …and one IP hammering reads.
  READ_RATE_LIMIT_PER_MINUTE: '1000000000',
});
const database = await createDatabase({ url: null, pgliteDir: config.pgliteDir });
await database.migrate();

const signUp = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'Bench#1234', returnSecureToken: true }),
});
const user = (await signUp.json()) as { localId: string; email: string; idToken: string };

const brands = ['Acme', 'Northwind', 'SonicLane', 'Brightline', 'Karnaphuli'];
const categories: Category[] = ['electronics', 'home', 'kitchen', 'fashion', 'health'];
const rows: NewProductRow[] = Array.from({ length: 1000 }, (_, i) => ({
  ownerUid: user.localId,
  ownerEmail: user.email,
  name: `${i % 7 === 0 ? 'Wireless ' : ''}Product ${i}`,
  brand: brands[i % brands.length] ?? 'Acme',
  category: categories[i % categories.length] ?? 'others',
  price: (i % 50) + 0.99,
  quantity: i % 300,
  minSellQty: 1,
  rating: (i % 50) / 10,
  createdAt: new Date(Date.now() - (1000 - i) * 1000),
}));
await database.db.insert(products).values(rows);
const [target] = await database.db
  .insert(products)
  .values({ ...rows[0], name: 'Bench target', quantity: 1_000_000_000 } as NewProductRow)
  .returning({ id: products.id });

const app = await buildApp({ config, database });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

const scenarios: Scenario[] = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/products', path: '/api/products' },
  { name: 'GET /api/products?q=wireless', path: '/api/products?q=wireless' },
  { name: 'GET /api/products?available=true&sort=price_desc', path: '/api/products?available=true&sort=price_desc' },
  {
    name: 'POST /api/carts',
    path: '/api/carts',
    method: 'POST',
    body: JSON.stringify({ productId: target?.id, buyQuantity: 1 }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.idToken}` },
  },
];

interface Outcome {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const outcomes: Outcome[] = [];
for (const s of scenarios) {
  const result = await autocannon({
    url: `${base}${s.path}`,
    method: s.method ?? 'GET',
    connections,
    duration: seconds,
    ...(s.body ? { body: s.body } : {}),
    ...(s.headers ? { headers: s.headers } : {}),
  });
  outcomes.push({
    name: s.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  });
  process.stdout.write('.');
}
process.stdout.write('\n');

console.log(`\n${connections} connections, ${seconds}s per scenario, PGlite in memory, 1000 products\n`);
console.log(
  `${'scenario'.padEnd(52)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}`,
);
for (const o of outcomes) {
  console.log(
    `${o.name.padEnd(52)}${o.rps.toFixed(0).padStart(9)}${String(o.p50).padStart(9)}${String(o.p99).padStart(9)}${String(o.errors).padStart(8)}`,
  );
}
const health = outcomes[0]?.rps ?? 0;
const list = outcomes[1]?.rps ?? 0;
if (health > 0)
  console.log(
    `\nlist vs health: ${(list / health).toFixed(2)} (GET /api/products at ${((list / health) * 100).toFixed(0)}% of the health route's throughput)`,
  );

// Integrity after the purchase storm: every unit sold is one cart row's worth of stock.
const [stock] = await database.db
  .select({ quantity: products.quantity })
  .from(products)
  .where(eq(products.id, target?.id ?? ''));
const sold = await database.db.$count(cartItems);
const consistent = stock?.quantity === 1_000_000_000 - sold;
console.log(`purchases: ${sold} cart rows, stock ${consistent ? 'consistent' : 'INCONSISTENT'}`);
await app.close();
await database.close();
const failed = outcomes.some((o) => o.errors > 0) || !consistent;
if (failed) console.error('Some requests failed (see the errors column).');
process.exit(failed ? 1 : 0);
