import type { Config } from '../config.js';

type Directives = Record<string, string[] | null>;

/**
 * Content-Security-Policy for the SPA and the docs. Only the identity provider is allowed
 * beyond our own origin: the emulator's URL locally, Google's Firebase endpoints otherwise.
 */
export function contentSecurityPolicy(config: Config): Directives {
  const emulatorUrl = config.web.authEmulatorUrl;
  const authDomain = `https://${config.web.firebase.authDomain}`;
  const identity = emulatorUrl
    ? [emulatorUrl]
    : ['https://*.googleapis.com', 'https://*.firebaseapp.com', 'https://*.firebaseio.com', 'https://apis.google.com'];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(emulatorUrl ? [] : ['https://apis.google.com'])],
    // Toast and dialog libraries inject <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Product images and profile photos may be any https URL a user typed in.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    connectSrc: ["'self'", ...identity],
    frameSrc: ["'self'", authDomain, ...(emulatorUrl ? [emulatorUrl] : [])],
    // Served over plain http on localhost: upgrading would break the emulator's http URL.
    upgradeInsecureRequests: null,
  };
}
