import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { installBrowserStubs } from './browser-stubs';
import { consoleErrorsAllowed, setConsoleErrorsAllowed } from './console';
import { clearReceivedRequests, server, unhandledRoutes } from './server';

/*
 * A stray console.error (a React warning, an act() warning, a failed prop type…) fails the
 * test that caused it. A test that expects one calls allowConsoleError() from ./console.
 */

installBrowserStubs();

// A request no handler answers fails (and fails the test below, even one that allows console.error).
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/*
 * SweetAlert2 gives focus back 100 ms after a dialog closes, from a timer of its own that checks
 * `instanceof HTMLElement`: if a file's last test closed a dialog, that timer can fire after the
 * file's jsdom is gone ("HTMLElement is not defined", an unhandled error that fails the run). A
 * file that showed a dialog waits that long once at its end.
 */
const SWEETALERT_RESTORE_FOCUS_MS = 100;
let dialogShown = false;
new MutationObserver((records) => {
  dialogShown ||= records.some((record) =>
    [...record.addedNodes].some((node) => node instanceof Element && node.classList.contains('swal2-container')),
  );
}).observe(document.body, { childList: true });
afterAll(async () => {
  if (dialogShown) await new Promise((resolve) => setTimeout(resolve, SWEETALERT_RESTORE_FOCUS_MS + 50));
});

const consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors.length = 0;
  setConsoleErrorsAllowed(false);
  clearReceivedRequests();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  document.body.innerHTML = '';
  const unhandled = unhandledRoutes();
  if (unhandled.length > 0) throw new Error(`The API has no handler for: ${unhandled.join(', ')}`);
  if (consoleErrors.length > 0 && !consoleErrorsAllowed()) {
    const first = consoleErrors[0]?.map((part) => (part instanceof Error ? part.message : String(part))).join(' ');
    throw new Error(`console.error was called ${consoleErrors.length} time(s) during the test. First call: ${first}`);
  }
});
