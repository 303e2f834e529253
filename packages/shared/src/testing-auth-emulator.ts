import { DEMO_PROJECT_ID } from './constants.js';

/*
 * The one client of the Firebase Auth Emulator's REST API (the endpoints the JS SDK calls) for
 * everything that needs a user without the sign-up form: the API tests, the end-to-end journeys,
 * Lighthouse and the benchmarks. The emulator accepts any API key, and `Bearer owner` as the
 * admin credential of the project-scoped endpoints.
 */

/** What the emulator answers to a sign-up or a sign-in: the tokens the web SDK would keep. */
export interface EmulatorSession {
  uid: string;
  email: string;
  idToken: string;
  refreshToken: string;
  /** When the ID token expires, in milliseconds since the epoch. */
  expiresAt: number;
}

export interface EmulatorAccount {
  localId: string;
  email?: string;
  displayName?: string;
  photoUrl?: string;
  emailVerified?: boolean;
  createdAt?: string;
  lastLoginAt?: string;
  providerUserInfo?: { providerId: string; email?: string; displayName?: string; photoUrl?: string }[];
}

/** An out-of-band code the emulator "sent" (it mails nothing; it lists them instead). */
export interface OobCode {
  email: string;
  oobCode: string;
  oobLink: string;
  requestType: string;
}

export interface NewAccount {
  email: string;
  password: string;
  displayName?: string;
  photoUrl?: string;
}

interface TokenResponse {
  localId: string;
  email: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

const toSession = (body: TokenResponse, now: number): EmulatorSession => ({
  uid: body.localId,
  email: body.email,
  idToken: body.idToken,
  refreshToken: body.refreshToken,
  expiresAt: now + Number(body.expiresIn) * 1000,
});

/** The claims of an emulator ID token (unsigned: there is nothing to verify). */
const claimsOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { iat: number; auth_time: number };

/** A refusal from the emulator, with its body (the error code is in it). */
class EmulatorError extends Error {
  constructor(
    url: string,
    status: number,
    readonly text: string,
    readonly retried: boolean,
  ) {
    super(`Auth Emulator ${url} answered ${status}: ${text}`);
  }
}

/** fetch's failure when the server closed the connection the request went out on. */
const closedUnderUs = (error: unknown) =>
  error instanceof TypeError && (error.cause as { code?: string } | undefined)?.code === 'UND_ERR_SOCKET';

/** The emulator at `host` (`127.0.0.1:9099`), for the project the API under test verifies against. */
export function authEmulator(host: string, projectId: string = DEMO_PROJECT_ID) {
  const toolkit = (path: string) => `http://${host}/identitytoolkit.googleapis.com/v1/${path}`;
  const admin = (path: string) => toolkit(`projects/${projectId}/${path}`);

  /**
   * One POST. A request that meets a kept-alive connection the emulator has just closed fails
   * before the emulator reads it ("other side closed", UND_ERR_SOCKET): fetch retries only
   * idempotent methods by itself, so these are sent again here, once, on a new connection.
   * `retried` tells the caller, for the one call that is not safe to repeat blindly (sign-up).
   */
  async function send(url: string, body: unknown, asAdmin: boolean) {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(asAdmin ? { authorization: 'Bearer owner' } : {}) },
      body: JSON.stringify(body),
    };
    const target = asAdmin ? url : `${url}?key=fake-api-key`;
    try {
      return { response: await fetch(target, init), retried: false };
    } catch (error) {
      if (!closedUnderUs(error)) throw error;
      return { response: await fetch(target, init), retried: true };
    }
  }

  async function post<T>(url: string, body: unknown, asAdmin = false): Promise<T> {
    return (await postOnce<T>(url, body, asAdmin)).body;
  }

  async function postOnce<T>(url: string, body: unknown, asAdmin = false): Promise<{ body: T; retried: boolean }> {
    const { response, retried } = await send(url, body, asAdmin);
    const text = await response.text();
    if (!response.ok) throw new EmulatorError(url, response.status, text, retried);
    return { body: (text ? JSON.parse(text) : {}) as T, retried };
  }

  /** Signs an existing account in with its password: fresh tokens. */
  const signInBody = (email: string, password: string) =>
    post<TokenResponse>(toolkit('accounts:signInWithPassword'), { email, password, returnSecureToken: true });

  async function signIn(email: string, password: string): Promise<EmulatorSession> {
    const now = Date.now();
    return toSession(await signInBody(email, password), now);
  }

  return {
    host,
    projectId,
    /** A new email/password account, signed in, with its display name and photo. */
    async signUp(account: NewAccount): Promise<EmulatorSession> {
      const now = Date.now();
      const { photoUrl, displayName, ...credentials } = account;
      let body: TokenResponse;
      try {
        ({ body } = await postOnce<TokenResponse>(toolkit('accounts:signUp'), {
          ...credentials,
          ...(displayName ? { displayName } : {}),
          returnSecureToken: true,
        }));
      } catch (error) {
        // A sign-up sent again after a closed connection finds the account it made the first
        // time only if the emulator did read that first one after all: that account is ours.
        if (!(error instanceof EmulatorError && error.retried && error.text.includes('EMAIL_EXISTS'))) throw error;
        body = await signInBody(account.email, account.password);
      }
      if (photoUrl) {
        // The emulator's sign-up ignores a photo: the profile update sets it, and a sign-in then
        // gives tokens that carry it (the update answers none).
        await post(toolkit('accounts:update'), { idToken: body.idToken, photoUrl });
        return signIn(account.email, account.password);
      }
      // The emulator dates the token's auth_time from the start of the sign-up but the account's
      // validSince (whole seconds) from a moment later. When a second begins in between, auth_time
      // is before validSince, and firebase-admin, which checks revocation on every verification
      // against an emulator, refuses the token as revoked (a busy machine makes that moment long).
      // The token was issued after validSince: if in auth_time's second, so was validSince.
      // Otherwise a sign-in, whose tokens postdate validSince, gives ones that pass.
      const { iat, auth_time: authTime } = claimsOf(body.idToken);
      return iat === authTime ? toSession(body, now) : signIn(account.email, account.password);
    },
    signIn,
    /** Deletes the account the token belongs to (never the project-wide "delete all"). */
    async deleteSelf(idToken: string): Promise<void> {
      await post(toolkit('accounts:delete'), { idToken });
    },
    /** Admin lookup by email; an empty list means no account has that address. */
    async accountsByEmail(email: string): Promise<EmulatorAccount[]> {
      return (
        (await post<{ users?: EmulatorAccount[] }>(admin('accounts:lookup'), { email: [email] }, true)).users ?? []
      );
    },
    /** Admin lookup by uid. */
    async account(localId: string): Promise<EmulatorAccount | undefined> {
      return (await post<{ users?: EmulatorAccount[] }>(admin('accounts:lookup'), { localId: [localId] }, true))
        .users?.[0];
    },
    /** Admin delete by uid, for accounts made through the UI (registration, Google sign-in). */
    async deleteById(localId: string): Promise<void> {
      await post(admin('accounts:delete'), { localId }, true);
    },
    /** The codes the emulator issued to this address (password resets by default), oldest first. */
    async oobCodes(email: string, requestType = 'PASSWORD_RESET'): Promise<OobCode[]> {
      const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/oobCodes`);
      if (!response.ok) throw new Error(`Auth Emulator oobCodes answered ${response.status}: ${await response.text()}`);
      const { oobCodes = [] } = (await response.json()) as { oobCodes?: OobCode[] };
      return oobCodes.filter(
        (code) => code.email.toLowerCase() === email.toLowerCase() && code.requestType === requestType,
      );
    },
  };
}

export type AuthEmulatorClient = ReturnType<typeof authEmulator>;
