import { eq, inArray, and, ne } from 'drizzle-orm';
import type { Auth } from 'firebase-admin/auth';
import { productCreateSchema } from '@b2b/shared';
import type { AppDb } from '../db/client.js';
import { products, profiles, type NewProductRow } from '../db/schema.js';
import { DEMO_SELLERS, loadDemoProducts, type DemoProduct, type DemoSeller } from './catalogue.js';

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

export interface SeededSeller {
  key: string;
  uid: string;
  email: string;
  password: string;
  displayName: string;
  companyName: string;
  photoURL: string;
  created: boolean;
}

export interface SeedResult {
  inserted: number;
  sellers: SeededSeller[];
}

/** Where the Auth Emulator runs; needed to give accounts a site-relative photo URL. */
export interface EmulatorTarget {
  host: string;
  projectId: string;
}

interface SeedDeps {
  db: AppDb;
  auth: Auth;
  emulator: EmulatorTarget | null;
  catalogue?: Catalogue;
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

const isAbsoluteUrl = (value: string) => /^https?:\/\//i.test(value);

/**
 * firebase-admin only accepts absolute photo URLs, but the demo avatars ship with the web app
 * and are site-relative. The emulator stores any string, so its admin REST API sets them.
 */
async function setEmulatorPhotoUrl(emulator: EmulatorTarget, uid: string, photoUrl: string): Promise<void> {
  const url = `http://${emulator.host}/identitytoolkit.googleapis.com/v1/projects/${emulator.projectId}/accounts:update`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, photoUrl }),
  });
  if (!response.ok) throw new Error(`Setting the photo of ${uid} failed: ${response.status} ${await response.text()}`);
}

/** Creates each seller's account, or reuses the one that already has its email. */
export async function ensureSellers(
  auth: Auth,
  sellers: DemoSeller[],
  emulator: EmulatorTarget | null,
): Promise<SeededSeller[]> {
  const result: SeededSeller[] = [];
  for (const seller of sellers) {
    const { key, email, password, displayName, companyName, photoURL } = seller;
    let uid: string;
    let created = false;
    try {
      uid = (await auth.getUserByEmail(email)).uid;
    } catch (error) {
      if (errorCode(error) !== 'auth/user-not-found') throw error;
      const absolute = isAbsoluteUrl(photoURL);
      try {
        const user = await auth.createUser({
          email,
          password,
          displayName,
          emailVerified: true,
          ...(absolute ? { photoURL } : {}),
        });
        uid = user.uid;
        created = true;
      } catch (createError) {
        // Another process created it between our lookup and create: use theirs.
        if (errorCode(createError) !== 'auth/email-already-exists') throw createError;
        uid = (await auth.getUserByEmail(email)).uid;
      }
      if (created && !absolute && photoURL && emulator) await setEmulatorPhotoUrl(emulator, uid, photoURL);
    }
    result.push({ key, uid, email: email.toLowerCase(), password, displayName, companyName, photoURL, created });
  }
  return result;
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
  return { inserted, sellers };
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
  catalogue ??= await loadDemoCatalogue();
  const sellers = await ensureSellers(auth, catalogue.sellers, emulator);
  const rows = productRows(catalogue, sellers);
  const emails = sellers.map((s) => s.email);
  await ensureProfiles(db, sellers);
  const inserted = await db.transaction(async (tx) => {
    for (const seller of sellers) {
      await tx
        .update(products)
        .set({ sellerId: seller.uid })
        .where(and(eq(products.ownerEmail, seller.email), ne(products.sellerId, seller.uid)));
    }
    if (force && emails.length > 0) await tx.delete(products).where(inArray(products.ownerEmail, emails));
    if (!force && (await hasProducts(tx))) return 0;
    if (rows.length > 0) await tx.insert(products).values(rows);
    return rows.length;
  });
  return { inserted, sellers };
}

export function formatCredentials(sellers: SeededSeller[]): string {
  const lines = sellers.map((s) => `  ${s.email.padEnd(30)} ${s.password.padEnd(18)} ${s.displayName}`);
  return ['Demo accounts (email, password, name):', ...lines].join('\n');
}
