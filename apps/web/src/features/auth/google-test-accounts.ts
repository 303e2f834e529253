import { subjectForEmail, type GoogleIdentity } from '@/lib/google-sign-in';

/*
 * Preset identities for the in-app Google account chooser, used only with the local Auth
 * Emulator. The emulator needs an absolute picture URL, so it is built from this origin.
 */

const PRESETS = [
  { name: 'Ayesha Rahman', email: 'ayesha.rahman@example.com', avatar: 1 },
  { name: 'Tanvir Hossain', email: 'tanvir.hossain@example.com', avatar: 2 },
  { name: 'Nusrat Jahan', email: 'nusrat.jahan@example.com', avatar: 3 },
  { name: 'Imran Chowdhury', email: 'imran.chowdhury@example.com', avatar: 4 },
] as const;

export function avatarUrl(path: string, origin = window.location.origin): string {
  return new URL(path, origin).toString();
}

export function presetGoogleAccounts(origin = window.location.origin): GoogleIdentity[] {
  return PRESETS.map((preset) => ({
    sub: subjectForEmail(preset.email),
    email: preset.email,
    name: preset.name,
    picture: avatarUrl(`/images/avatars/google-${preset.avatar}.svg`, origin),
  }));
}

export function customGoogleAccount(name: string, email: string, origin = window.location.origin): GoogleIdentity {
  return {
    sub: subjectForEmail(email),
    email: email.trim(),
    name: name.trim(),
    picture: avatarUrl('/images/avatars/default.svg', origin),
  };
}
