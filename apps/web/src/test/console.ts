/*
 * Shared between the setup file and tests through globalThis, so it does not depend on the
 * setup module and the test importing the same module instance.
 */
const KEY = Symbol.for('b2b.test.consoleErrorsAllowed');

type Flag = { [KEY]?: boolean };

export function setConsoleErrorsAllowed(value: boolean) {
  (globalThis as Flag)[KEY] = value;
}

export function consoleErrorsAllowed(): boolean {
  return (globalThis as Flag)[KEY] === true;
}

/** Call in a test that deliberately triggers console.error (e.g. an error boundary test). */
export function allowConsoleError() {
  setConsoleErrorsAllowed(true);
}
