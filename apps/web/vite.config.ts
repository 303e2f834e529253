import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { budget } from './build/budget.ts';
import { pageShells } from './build/page-shells.ts';
import { precompress } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';
import { buildCurrency, shopFile } from './build/shop-currency.ts';

// The config may be loaded from the repository root (`vite build --config apps/web/vite.config.ts`),
// so every path is anchored to this folder rather than to the working directory.
const root = fileURLToPath(new URL('.', import.meta.url));
const apiPort = process.env.API_PORT ?? '3000';

const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('dist/production/index.mjs', import.meta.resolve('react-router/package.json')),
);
if (!existsSync(REACT_ROUTER_PRODUCTION)) {
  throw new Error(`react-router no longer ships ${REACT_ROUTER_PRODUCTION}: update its alias in vite.config.ts.`);
}

/** GET /api/config, requested by the shell beside the scripts rather than after them. */
const SIGN_IN_SETTINGS = { href: '/api/config', as: 'fetch' } as const;

/** Plugins of the browser build: page shells, prerendering, compression and the budget. */
function clientBuildPlugins() {
  return [
    pageShells(root, [
      {
        path: '/',
        module: 'src/app/routes/home.tsx',
        // The first banner is the home page's largest paint; it must not wait for the scripts.
        preload: [{ href: '/images/banners/banner-1.svg', as: 'image', type: 'image/svg+xml', fetchpriority: 'high' }],
        startAfterPaint: true,
      },
      // The sign-in settings say how 'Login with Google' works; the button waits for them.
      { path: '/login', module: 'src/app/routes/login.tsx', preload: [SIGN_IN_SETTINGS], startAfterPaint: true },
      {
        path: '/register',
        module: 'src/app/routes/register.tsx',
        preload: [SIGN_IN_SETTINGS],
        startAfterPaint: true,
      },
      // The catalogue lists a returning buyer opens directly.
      // …whose first page is requested before the app has started (src/shells/all-products.ts).
      { path: '/all-products', module: 'src/app/routes/all-products.tsx', scripts: ['src/shells/all-products.ts'] },
      { path: '/categories', module: 'src/app/routes/categories.tsx', startAfterPaint: true },
    ]),
    // Real HTML for the public pages, and the signed-out frame (navbar, 'Loading...', footer)
    // for the guarded ones and every other page; before precompress, which compresses the result.
    prerender(root, [
      { path: '/', file: 'index.html', hydrate: true },
      { path: '/login', file: 'pages/login.html', hydrate: true },
      { path: '/register', file: 'pages/register.html', hydrate: true },
      { path: '/all-products', file: 'pages/all-products.html', hydrate: true },
      { path: '/categories', file: 'pages/categories.html', hydrate: true },
      // Any guarded page with no link of its own in the signed-out navbar stands for them all.
      { path: '/profile', file: 'app.html', hydrate: false },
    ]),
    shopFile(CURRENCY),
    precompress(),
    // What `/` may load before it can show anything, gzipped (issue 10: JavaScript ≤ 150 KB).
    // CSS 20 → 21 KB for the two @font-face rules of Bengali text (index.css), about 0.2 KB.
    budget({ scriptKb: 150, styleKb: 21 }),
  ];
}

/** The prerendered footer's copyright year (src/lib/hydration.ts: the client's first frame says the same). */
const BUILD_YEAR = new Date().getFullYear();
/** The shop's currency, the build's (build/shop-currency.ts). */
const CURRENCY = buildCurrency();

export default defineConfig(({ command, isSsrBuild }) => ({
  root,
  define: { __BUILD_YEAR__: JSON.stringify(BUILD_YEAR), __SHOP_CURRENCY__: JSON.stringify(CURRENCY) },
  plugins: [
    react(),
    tailwindcss(),
    // The client build only: the prerender's own SSR build (build/prerender.ts) loads this config too.
    ...(isSsrBuild ? [] : clientBuildPlugins()),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React Router 7's package exports name only its development build, with its dev-only
      // checks and warnings (ENABLE_DEV_WARNINGS, remix-run/react-router#14102); a phone would
      // run them on every start. The build takes the production build the package ships beside it.
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : []),
    ],
  },
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // Every browser the app supports knows modulepreload.
    modulePreload: { polyfill: false },
  },
  test: {
    root,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
}));
