import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { setShopCurrency } from '@b2b/shared';
import { App } from '@/app/app';
import { preloadPage } from '@/app/router';
import { getFirebase } from '@/lib/firebase';
import { readSessionHint, readSessionToken } from '@/lib/session-hint';
import { disableZodEval } from '@/lib/zod-jitless';
import './index.css';

disableZodEval();
// Every price is formatted in the currency the app was built for (the API serves no other build).
setShopCurrency(__SHOP_CURRENCY__);
// Signed in last time, without a usable cached token: the page needs Firebase to know who is
// signed in, so fetch it and its settings now, while React draws the first frame.
if (readSessionHint() && !readSessionToken()) void getFirebase().catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const { pathname } = window.location;
const prerendered = container.dataset.prerendered === pathname;
const app = (
  <StrictMode>
    <App prerendered={prerendered} />
  </StrictMode>
);

// The first render is a transition: React builds (or hydrates) the page in slices of a few
// milliseconds and lets the browser breathe in between, instead of one long task that a phone
// cannot interrupt.
if (prerendered) {
  // The build rendered this very page (apps/web/build/prerender.ts): take over its HTML. The
  // page's code first (preloaded by the HTML), so hydration never waits for it mid-way.
  void preloadPage(pathname).then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  // Another page's frame, or the plain shell: draw this page over it.
  startTransition(() => createRoot(container).render(app));
}
