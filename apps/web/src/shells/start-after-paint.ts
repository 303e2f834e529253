/*
 * Starts the app on a prerendered public page (`/`, `/login`, `/register`, `/categories`) only
 * once the browser has painted the page's own HTML: the page's shell (build/page-shells.ts)
 * carries no module script and no module preload, only this classic script with the entry in
 * `data-entry` and the chunks to preload in `data-preload`.
 *
 * Why: on a slow network the stylesheet and the largest picture (the hero banner) would share
 * the bandwidth with some 140 KB of scripts, and on a fast machine the scripts would run before
 * the first frame, so the first paint waited for them either way. Here the scripts are requested
 * after the window's load event (the stylesheet and the page's pictures are in) and one painted
 * frame, so the page paints from HTML and CSS alone, then hydrates (src/main.tsx). A hidden tab
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

/** The first callback of a frame runs before its paint; a task queued from it runs after. */
const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start, 0));

if (document.hidden) start();
else if (document.readyState === 'complete') afterNextPaint();
else addEventListener('load', afterNextPaint, { once: true });
