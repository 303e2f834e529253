import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { setShopCurrency } from '@b2b/shared';
import { App } from '@/app/app';
import { preloadPage, routes } from '@/app/router';
import { descriptionOf } from '@/components/layout/page-title';
import { SITE_NAME } from '@/config/site';

/*
 * The build's renderer (apps/web/build/prerender.ts runs it in Node after the client build):
 * the app's own tree, as the browser's first render draws it, at one path with a memory router
 * and no session. React's static renderer waits for the page's code, so the HTML is the page
 * itself, not its loading state. The client hydrates it (main.tsx).
 */

setShopCurrency(__SHOP_CURRENCY__);

export type RenderedPage = {
  /** What goes inside `#root`. */
  body: string;
  /** The page's `<title>` (React hoists it; the build puts it in `<head>`); none in a frame. */
  title: string | null;
  /** The page's meta description, as PageTitle sets it once the app runs. */
  description: string | null;
};

async function read(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return html;
}

export async function renderPage(path: string): Promise<RenderedPage> {
  await preloadPage(path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App router={router} prerendered />
    </StrictMode>,
    // One piece: a boundary too big for a chunk would arrive as a later segment with an inline
    // script to put it in place, which the CSP blocks (and which no script-less visitor runs).
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await read(prelude);
  if (errors.length) throw new Error(`Prerendering ${path} failed: ${String(errors[0])}`, { cause: errors[0] });
  // React writes the hoisted elements (the <title>, the image preloads it found) first.
  const title = /^(?:<link [^>]*>|<meta [^>]*>)*<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
  const body = html.replace(/^(?:<title>[^<]*<\/title>|<link [^>]*>|<meta [^>]*>)+/, '');
  const page = title?.endsWith(` | ${SITE_NAME}`) ? title.slice(0, -` | ${SITE_NAME}`.length) : null;
  return { body, title, description: page ? descriptionOf(page) : null };
}
