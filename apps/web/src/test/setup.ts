import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installBrowserStubs } from './browser-stubs';
import { consoleErrorsAllowed, setConsoleErrorsAllowed } from './console';

/*
 * A stray console.error (a React warning, an act() warning, a failed prop type…) fails the
 * test that caused it. A test that expects one calls allowConsoleError() from ./console.
 */

installBrowserStubs();

const consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors.length = 0;
  setConsoleErrorsAllowed(false);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  if (consoleErrors.length > 0 && !consoleErrorsAllowed()) {
    const first = consoleErrors[0]?.map((part) => (part instanceof Error ? part.message : String(part))).join(' ');
    throw new Error(`console.error was called ${consoleErrors.length} time(s) during the test. First call: ${first}`);
  }
});
