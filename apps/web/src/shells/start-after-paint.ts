/*
 * Starts the app on a prerendered public page (`/`, `/login`, `/register`, `/categories`) only
 * once the browser has painted the page's own HTML: the page's shell (build/page-shells.ts)
 * carries no module script and no module preload, only this classic script with the entry in
 * `data-entry` and the chunks to preload in `data-preload`.
 *
 * Why: on a slow network the stylesheet and the largest picture (the hero banner) would share
 * the bandwidth with some 140 KB of scripts, and on a fast machine the scripts would run before
 * the first frame, so the first paint waited for them either way. Here the scripts are requested
 * after the window's load event (the stylesheet and the page's pictures are in) and the first
 * contentful paint's entry (the frame is on screen), so the page paints from HTML and CSS alone, then hydrates (src/main.tsx). A hidden tab
 * paints nothing, so it starts at once.
 */

const script = document.currentScript as HTMLScriptElement | null;
const entry = script?.dataset.entry;
const preloads = (script?.dataset.preload ?? '').split(' ').filter(Boolean);

function start() {
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  if (entry) void import(/* @vite-ignore */ entry);
}

/** The longest the app waits for the page's load and first paint. */
const FALLBACK_MS = 5000;

let started = false;
function startOnce() {
  if (started) return;
  started = true;
  start();
}

/** Once the page has loaded and its first paint is on screen (not only drawn), or after a while at worst. */
function startAfterLoadAndPaint() {
  let painted = false;
  let loaded = document.readyState === 'complete';
  const maybeStart = () => {
    if (painted && loaded) setTimeout(startOnce, 0);
  };
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // The paint entry comes once the frame has been presented, which is later than its drawing.
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      painted = true;
      maybeStart();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // The first callback of a frame runs before its paint; a task queued from it runs after.
    requestAnimationFrame(() =>
      setTimeout(() => {
        painted = true;
        maybeStart();
      }, 0),
    );
  }
  if (!loaded) {
    addEventListener(
      'load',
      () => {
        loaded = true;
        maybeStart();
      },
      { once: true },
    );
  }
  // A tab hidden before its first paint never paints; whatever happens, the page must come alive.
  document.addEventListener('visibilitychange', () => document.hidden && startOnce(), { once: true });
  setTimeout(startOnce, FALLBACK_MS);
}

// A hidden tab paints nothing: start at once.
if (document.hidden) startOnce();
else startAfterLoadAndPaint();
