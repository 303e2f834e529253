import { COMPANY_STATS, HOME_CATEGORY_TILES } from '@b2b/shared';
import { expect, test, vi } from 'vitest';
import { SITE_CONTACT } from '@/config/site';
import { HOME_SLIDES } from '@/features/home/slides';
import { renderPage } from './entry-server';

vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

/*
 * What the build writes into each prerendered page (apps/web/build/prerender.ts): the spec's
 * visible texts are in the HTML itself. That the browser hydrates it without a mismatch is
 * checked in Chromium (e2e/journeys/prerendered-pages.spec.ts).
 */

/** The rendered page's visible text, one space between words. */
async function textOf(path: string): Promise<{ text: string; doc: Document; title: string | null }> {
  const { body, title } = await renderPage(path);
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${body}</body>`, 'text/html');
  return { text: (doc.body.textContent ?? '').replace(/\s+/g, ' '), doc, title };
}

const FOOTER_TEXTS = [
  'Contact Us',
  SITE_CONTACT.email,
  SITE_CONTACT.phone,
  'Send us a message',
  'Legal',
  'Terms of Service',
  'Follow Us',
  `© ${__BUILD_YEAR__} B2B Wholesale Platform. All rights reserved.`,
];

test('/ holds the hero’s first slide, the category tiles, the stats, the Top Products frame and the footer', async () => {
  const { text, doc, title } = await textOf('/');
  expect(title).toBe('Home | B2B Wholesale Platform');
  const first = HOME_SLIDES[0];
  for (const words of [first.eyebrow, first.title, first.text, 'Get offer', 'Product Categories']) {
    expect(text).toContain(words);
  }
  expect(doc.querySelector('section[aria-label="Featured offers"] img')?.getAttribute('src')).toBe(first.image);
  const tiles = [...doc.querySelectorAll('#categories a')].map((a) => a.textContent?.trim());
  expect(tiles).toEqual([...HOME_CATEGORY_TILES]);
  for (const stat of COMPANY_STATS) expect(text).toContain(`${stat.label}${stat.value}`);
  expect(text).toContain('Trusted by businesses across Bangladesh');
  // The products themselves come from the API after hydration (docs/architecture.md).
  expect(text).toContain('Top Products');
  for (const words of FOOTER_TEXTS) expect(text).toContain(words);
  // The navbar's links are there; who is signed in is not known yet.
  expect([...doc.querySelectorAll('header nav > div:nth-child(2) a')].map((a) => a.textContent)).toEqual([
    'Home',
    'Categories',
    'All Products',
    'Add Product',
  ]);
  expect(doc.querySelector('[role="status"][aria-label="Checking sign-in"]')).not.toBeNull();
});

test('/login and /register hold their heading, text and form, the Login button not yet usable', async () => {
  const login = await textOf('/login');
  expect(login.title).toBe('Login | B2B Wholesale Platform');
  for (const words of [
    'Login now!',
    'Please fill up the form correctly to login to the website.',
    'Email',
    'Password',
    'Forgot password?',
    'Login with Google',
    "Don't have an account? Register",
    ...FOOTER_TEXTS,
  ]) {
    expect(login.text).toContain(words);
  }
  expect(login.doc.querySelector('form[aria-label="Login"] button[type="submit"]')?.hasAttribute('disabled')).toBe(
    true,
  );

  const register = await textOf('/register');
  expect(register.title).toBe('Register | B2B Wholesale Platform');
  for (const words of ['Create your account', 'Name', 'Photo URL', 'Already have an account? Login', ...FOOTER_TEXTS]) {
    expect(register.text).toContain(words);
  }
});

test('a guarded page is the signed-out frame: navbar, Loading..., footer', async () => {
  const { text, doc, title } = await textOf('/all-products');
  expect(title).toBeNull();
  expect(doc.querySelector('main [role="status"]')?.textContent).toBe('Loading...');
  expect(doc.querySelector('header a[aria-current="page"]')?.textContent).toBe('All Products');
  for (const words of FOOTER_TEXTS) expect(text).toContain(words);
});
