import { expect } from 'vitest';
import { caughtEmails, type CaughtEmail } from '../../../../scripts/lib/maildev.js';
import type { TestApp } from './app.js';

export {
  startMailDev,
  caughtEmails,
  emailSource,
  type RunningMailDev,
  type CaughtEmail,
} from '../../../../scripts/lib/maildev.js';

/** Polls until `check` returns a value other than undefined (or throws after `timeoutMs`). */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The messages MailDev caught for `address`. */
export async function mailTo(webUrl: string, address: string): Promise<CaughtEmail[]> {
  return (await caughtEmails(webUrl)).filter((email) => email.to.some((to) => to.address === address));
}

/** Waits until `address` has `count` messages (and checks that no more arrive for a moment). */
export async function expectMail(
  webUrl: string,
  address: string,
  count: number,
  settleMs = 1_500,
): Promise<CaughtEmail[]> {
  await waitFor(
    async () => ((await mailTo(webUrl, address)).length >= count ? true : undefined),
    25_000,
    `${count} emails to ${address}`,
  );
  await new Promise((r) => setTimeout(r, settleMs));
  const got = await mailTo(webUrl, address);
  expect(got, `emails to ${address}`).toHaveLength(count);
  return got;
}

/** Relays the outbox now instead of waiting for the timer. */
export const relayNow = (t: TestApp) => t.app.notifications.relay();
