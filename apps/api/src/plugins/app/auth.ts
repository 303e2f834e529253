import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { accounts } from '../../db/schema.js';
import { AppError, forbidden, unauthenticated } from '../../lib/errors.js';
import { createFirebaseAuth } from '../../lib/firebase.js';
import { TokenCache } from '../../lib/token-cache.js';

export interface AuthUser {
  uid: string;
  /** Lower-cased; every stored email is lower-cased so lookups are case-insensitive. */
  email: string;
  displayName: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    firebaseAuth: Auth;
    /** onRequest hook: 401 unless the request carries a valid Firebase ID token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest hook for public routes: a valid token sets `request.user`; no token, or one that
     * does not verify, leaves the caller anonymous (never a 401 on a public page).
     */
    optionalAuthenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * The user of an already verified, unexpired token, from memory: no verification, no I/O.
     * Undefined for no token or one not verified yet (the rate limits use this before auth).
     */
    knownUser: (request: FastifyRequest) => AuthUser | undefined;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function userFromToken(token: DecodedIdToken): AuthUser | null {
  if (!token.email) return null;
  const email = token.email.toLowerCase();
  const name = typeof token.name === 'string' ? token.name.trim() : '';
  return { uid: token.uid, email, displayName: name || (email.split('@')[0] ?? email) };
}

/** The signed-in user of a route guarded by `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/**
 * preHandler for routes whose path names a user by email (`/carts/:email`): only that user may
 * call them. Runs after validation, so the email is already trimmed; stored emails are lower-case.
 */
export function pathEmailMustBeCaller(refusal: string) {
  return async (request: FastifyRequest) => {
    const { email } = request.params as { email: string };
    if (email.toLowerCase() !== currentUser(request).email) throw forbidden(refusal);
  };
}

const BEARER = /^Bearer\s+([\w.-]+)\s*$/i;
/** About 1 kB each: a few MB at most, whatever the traffic. */
const VERIFIED_TOKENS_KEPT = 5_000;
/** Accounts this process has recorded (then forgotten, all at once, past this many). */
const ACCOUNTS_REMEMBERED = 100_000;

export default fp(
  async (app) => {
    const { auth, verifyIdToken, close } = createFirebaseAuth(app.config.firebase);
    app.addHook('onClose', close);

    app.decorate('firebaseAuth', auth);
    app.decorateRequest('user', null);
    const verified = new TokenCache<AuthUser>(VERIFIED_TOKENS_KEPT);
    // The accounts table (docs/architecture.md, "Customers"): each account once per process, with
    // the token's email and name; a failure to record it never fails the request.
    const recorded = new Set<string>();
    const record = async (request: FastifyRequest, user: AuthUser) => {
      const key = `${user.uid} ${user.email} ${user.displayName}`;
      if (recorded.has(key)) return;
      try {
        await app.db
          .insert(accounts)
          .values({ uid: user.uid, email: user.email, name: user.displayName })
          .onConflictDoUpdate({
            target: accounts.uid,
            set: { email: user.email, name: user.displayName, seenAt: sql`now()` },
          });
        if (recorded.size >= ACCOUNTS_REMEMBERED) recorded.clear();
        recorded.add(key);
      } catch (error) {
        request.log.warn({ err: error }, 'could not record the account');
      }
    };
    const bearerOf = (request: FastifyRequest) => BEARER.exec(request.headers.authorization ?? '')?.[1];
    app.decorate('knownUser', (request: FastifyRequest) => {
      const token = bearerOf(request);
      return token ? verified.get(token) : undefined;
    });
    const authenticate = async (request: FastifyRequest) => {
      const token = bearerOf(request);
      if (!token) throw unauthenticated('Sign in to continue.');
      const known = verified.get(token);
      if (known) {
        request.user = known;
        return;
      }
      let decoded: DecodedIdToken;
      try {
        decoded = await verifyIdToken(token);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        request.log.info({ code }, 'rejected ID token');
        throw unauthenticated(
          code === 'auth/id-token-expired'
            ? 'Your session has expired. Sign in again.'
            : 'Your sign-in could not be verified. Sign in again.',
        );
      }
      const user = userFromToken(decoded);
      if (!user) throw unauthenticated('Your account has no email address.');
      verified.set(token, user, decoded.exp * 1000);
      request.user = user;
      await record(request, user);
    };
    app.decorate('authenticate', authenticate);
    app.decorate('optionalAuthenticate', async (request: FastifyRequest) => {
      if (request.headers.authorization === undefined) return;
      try {
        await authenticate(request);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'UNAUTHENTICATED')) throw error;
        request.user = null;
      }
    });
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);
