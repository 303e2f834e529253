import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { getFirebase } from '@/lib/firebase';
import { readSessionHint, readSessionToken } from '@/lib/session-hint';
import { disableZodEval } from '@/lib/zod-jitless';
import './index.css';

disableZodEval();
// Signed in last time, without a usable cached token: the page needs Firebase to know who is
// signed in, so fetch it and its settings now, while React draws the first frame.
if (readSessionHint() && !readSessionToken()) void getFirebase().catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The first render is a transition: React builds the page in slices of a few milliseconds and
// lets the browser breathe in between, instead of one long task that a phone cannot interrupt.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
