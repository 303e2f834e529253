import { eq, inArray, and, isNull, ne } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import { productCreateSchema } from '@b2b/shared';
import type { AppDb } from '../db/client.js';
import { products, profiles, type NewProductRow } from '../db/schema.js';
import { DEMO_SELLERS, loadDemoProducts, type DemoProduct, type DemoSeller } from './catalogue.js';
import { seedBusinesses, type BusinessResult } from './business.js';
import { ensureSellers, type EmulatorTarget, type SeededSeller } from './accounts.js';

export { ensureSellers, type EmulatorTarget, type SeededSeller } from './accounts.js';

/*
 * Demo data for a fresh install: the sellers become real accounts in the Auth Emulator (so
 * their credentials work on the login page) and own the demo catalogue.
 */

export interface Catalogue {
  sellers: DemoSeller[];
  products: DemoProduct[];
}

/** The demo sellers and their products, read from catalogue.csv. */
export async function loadDemoCatalogue(): Promise<Catalogue> {
  return { sellers: DEMO_SELLERS, products: await loadDemoProducts() };
}

export interface SeedResult {
  inserted: number;
  sellers: SeededSeller[];
  /** The demo businesses' staff and buyers, when this run created them (seed/business.ts). */
  business?: BusinessResult | null;
}

interface SeedDeps {
  db: AppDb;
  auth: Auth;
  emulator: EmulatorTarget | null;
  catalogue?: Catalogue;
}

function productRows(catalogue: Catalogue, sellers: SeededSeller[]): NewProductRow[] {
  const byKey = new Map(sellers.map((s) => [s.key, s]));
  // Distinct timestamps keep the catalogue order under the default "oldest first" sort.
  const base = Date.now() - catalogue.products.length * 1000;
  return catalogue.products.map(({ seller: key, ...input }, index) => {
    const seller = byKey.get(key);
    if (!seller) throw new Error(`Demo product "${input.name}" names an unknown seller "${key}".`);
    const data = productCreateSchema.parse(input);
    const at = new Date(base + index * 1000);
    return { ...data, sellerId: seller.uid, ownerEmail: seller.email, createdAt: at, updatedAt: at };
  });
}

/** Each demo seller's profile (their company name), unless they have saved one of their own. */
async function ensureProfiles(db: Pick<AppDb, 'insert'>, sellers: SeededSeller[]): Promise<void> {
  if (sellers.length === 0) return;
  await db
    .insert(profiles)
    .values(
      sellers.map((s) => ({
        uid: s.uid,
        email: s.email,
        displayName: s.displayName,
        photoUrl: s.photoURL,
        companyName: s.companyName,
      })),
    )
    .onConflictDoNothing({ target: profiles.uid });
}

/** Whether any product exists, without counting a large catalogue. */
async function hasProducts(db: Pick<AppDb, 'select'>): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).limit(1);
  return row !== undefined;
}

/** Seeds the demo catalogue only into an empty products table. */
export async function seedIfEmpty({ db, auth, emulator, catalogue }: SeedDeps): Promise<SeedResult | null> {
  if (await hasProducts(db)) return null;
  // The demo businesses are the demo catalogue's sellers: a catalogue of a test's own has none.
  const demo = catalogue === undefined;
  catalogue ??= await loadDemoCatalogue();
  const sellers = await ensureSellers(auth, catalogue.sellers, emulator);
  const rows = productRows(catalogue, sellers);
  await ensureProfiles(db, sellers);
  const inserted = await db.transaction(async (tx) => {
    // Re-checked inside the transaction so two starting processes cannot both seed.
    if (await hasProducts(tx)) return 0;
    if (rows.length > 0) await tx.insert(products).values(rows);
    return rows.length;
  });
  const business = demo && inserted > 0 ? await seedBusinesses({ db, auth, emulator, sellers }) : null;
  return { inserted, sellers, business };
}

/**
 * The `seed` command: makes sure the demo accounts exist and own their products (an Auth
 * Emulator reset gives them new uids), then seeds an empty table. With `force`, the demo
 * sellers' products are replaced by a fresh copy of the catalogue; other users' data stays.
 */
export async function seedDemo({
  db,
  auth,
  emulator,
  catalogue,
  force = false,
}: SeedDeps & { force?: boolean }): Promise<SeedResult> {
  const demo = catalogue === undefined;
  catalogue ??= await loadDemoCatalogue();
  const sellers = await ensureSellers(auth, catalogue.sellers, emulator);
  const rows = productRows(catalogue, sellers);
  const emails = sellers.map((s) => s.email);
  await ensureProfiles(db, sellers);
  const inserted = await db.transaction(async (tx) => {
    // A seller selling alone (their company's products keep the company's id).
    for (const seller of sellers) {
      await tx
        .update(products)
        .set({ sellerId: seller.uid })
        .where(
          and(eq(products.ownerEmail, seller.email), ne(products.sellerId, seller.uid), isNull(products.sellerName)),
        );
    }
    if (force && emails.length > 0) await tx.delete(products).where(inArray(products.ownerEmail, emails));
    if (!force && (await hasProducts(tx))) return 0;
    if (rows.length > 0) await tx.insert(products).values(rows);
    return rows.length;
  });
  const business = demo ? await seedBusinesses({ db, auth, emulator, sellers }) : null;
  return { inserted, sellers, business };
}

export function formatCredentials(sellers: SeededSeller[], people: SeededSeller[] = []): string {
  const lines = [...sellers, ...people].map((s) => `  ${s.email.padEnd(34)} ${s.password.padEnd(18)} ${s.displayName}`);
  return ['Demo accounts (email, password, name):', ...lines].join('\n');
}
