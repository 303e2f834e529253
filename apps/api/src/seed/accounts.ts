import type { Auth } from 'firebase-admin/auth';
import type { DemoSeller } from './catalogue.js';

/* The demo accounts in the Auth Emulator: created once, reused after (their credentials work on the login page). */

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

/** Where the Auth Emulator runs; needed to give accounts a site-relative photo URL. */
export interface EmulatorTarget {
  host: string;
  projectId: string;
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
