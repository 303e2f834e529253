import fp from 'fastify-plugin';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Profile, ProfileUpdate, SellerName } from '@b2b/shared';
import type { AppDb } from '../../db/client.js';
import { profiles, type ProfileRow } from '../../db/schema.js';
import type { AuthUser } from '../../plugins/app/auth.js';

/*
 * Profiles (GET/PUT /profile, GET /sellers). A profile belongs to the account (uid) that saved
 * it: the only write is an upsert keyed by the caller's uid, with the caller's email from the
 * token, so no request can reach another user's row.
 */

export interface ProfileRepository {
  /** The caller's profile; '' for fields never saved. */
  get(user: AuthUser): Promise<Profile>;
  /** Saves the caller's whole profile and returns it. */
  save(user: AuthUser, update: ProfileUpdate): Promise<Profile>;
  /** The names of the sellers behind these emails (lower-cased); emails without a profile are left out. */
  sellerNames(emails: readonly string[]): Promise<SellerName[]>;
}

function toProfile(user: AuthUser, row: ProfileRow | undefined): Profile {
  return {
    email: user.email,
    displayName: row?.displayName ?? '',
    photoURL: row?.photoUrl ?? '',
    companyName: row?.companyName ?? '',
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export function createProfileRepository(db: AppDb): ProfileRepository {
  return {
    async get(user) {
      const [row] = await db.select().from(profiles).where(eq(profiles.uid, user.uid)).limit(1);
      return toProfile(user, row);
    },

    async save(user, update) {
      const values = {
        email: user.email,
        displayName: update.displayName,
        photoUrl: update.photoURL,
        companyName: update.companyName,
        updatedAt: new Date(),
      };
      const [row] = await db
        .insert(profiles)
        .values({ uid: user.uid, ...values })
        .onConflictDoUpdate({ target: profiles.uid, set: values })
        .returning();
      return toProfile(user, row);
    },

    async sellerNames(emails) {
      const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
      if (wanted.length === 0) return [];
      const rows = await db
        .select({ email: profiles.email, companyName: profiles.companyName, displayName: profiles.displayName })
        .from(profiles)
        .where(inArray(profiles.email, wanted))
        // An address reused by a later account: its newest profile is the one that counts.
        .orderBy(profiles.email, desc(profiles.updatedAt));
      const byEmail = new Map<string, SellerName>();
      for (const row of rows) if (!byEmail.has(row.email)) byEmail.set(row.email, row);
      return [...byEmail.values()];
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Profiles and sellers' names. */
    profileRepository: ProfileRepository;
  }
}

/** The repository as a plugin: routes and other plugins reach it as `app.profileRepository`. */
export default fp(
  async (app) => {
    app.decorate('profileRepository', createProfileRepository(app.db));
  },
  { name: 'profile-repository', dependencies: ['db'] },
);
