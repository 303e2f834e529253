import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { EMAIL_TOPIC_LABELS, EMAIL_TOPIC_OF } from '@b2b/shared';
import type { Config } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { notifications, type NotificationRow } from '../../db/schema.js';
import type { Job, JobQueue, QueueDefinition } from '../../jobs/queue.js';
import { renderEmail, type EmailImportSummary, type EmailOrder } from './emails/notification-email.js';
import { ACTION_LABEL } from './events.js';
import type { NotificationRepository } from './repository.js';

/*
 * From outbox to mailbox (docs/architecture.md, "Notifications"):
 *   relay   — moves notification rows that have no delivery job yet into the job queue; the
 *             job's id is the row's id, so relaying a row twice (two processes, a crash between
 *             queueing and marking) still makes one job;
 *   worker  — one job per row: claims the row for a short lease (only one worker can), skips it
 *             if the recipient switched that email off or email is off, renders it, sends it
 *             over SMTP and marks it sent. A retried job finds the row sent and does nothing.
 *             A failed send releases the claim and throws: the queue retries with backoff.
 * The only window left is a process dying after the SMTP server accepted the message and
 * before the row is marked: then the retry sends it again, with the same Message-ID (the key).
 */

export const EMAIL_QUEUE = 'notification-email';
/** A worker holds a row this long; a send times out well before (SMTP timeouts below). */
const CLAIM_SECONDS = 120;
const RELAY_BATCH = 200;

export interface MailDelivery {
  /** Queues delivery jobs for rows that have none; returns how many. */
  relay(): Promise<number>;
  /** The job handler (exported for tests that drive one job). */
  deliver(job: Job<{ notificationId: string }>): Promise<void>;
  readonly enabled: boolean;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  unsubscribeUrl: string;
}

/** The email of a notification row, links made absolute with the site's origin. */
export async function renderNotificationEmail(
  row: NotificationRow,
  { publicUrl, token }: { publicUrl: string; token: string },
): Promise<RenderedEmail> {
  const topic = EMAIL_TOPIC_OF[row.kind];
  const query = new URLSearchParams({ token, topic }).toString();
  const unsubscribeUrl = `${publicUrl}/unsubscribe?${query}`;
  const data = row.data as {
    order?: Partial<EmailOrder>;
    items?: { name: string; quantity: number; heldUntil: string }[];
    import?: EmailImportSummary;
  };
  const order = data.order?.lines ? (data.order as EmailOrder) : undefined;
  const { html, text } = await renderEmail({
    title: row.title,
    paragraphs: [row.body],
    action: { label: ACTION_LABEL[row.kind], url: `${publicUrl}${row.link}` },
    order,
    items: data.items,
    importSummary: data.import,
    unsubscribe: {
      label: `Unsubscribe from ${EMAIL_TOPIC_LABELS[topic].label.toLowerCase()} emails`,
      url: unsubscribeUrl,
    },
    preferencesUrl: `${publicUrl}/profile#email-preferences`,
  });
  return { subject: row.title, html, text, unsubscribeUrl };
}

export function createMailDelivery({
  db,
  config,
  log,
  queue,
  repository,
}: {
  db: AppDb;
  config: Config;
  log: FastifyBaseLogger;
  queue: JobQueue;
  repository: NotificationRepository;
}): MailDelivery {
  const { mail } = config;
  const transport: Transporter | null = mail.smtpUrl ? nodemailer.createTransport(withTimeouts(mail.smtpUrl)) : null;
  const host = new URL(mail.publicUrl).hostname;

  // A failing mail server is reported once when it starts failing and once when it recovers,
  // not once per attempt of every message.
  let failingSince: Date | null = null;
  let failures = 0;

  async function finish(id: string, state: 'pending' | 'sent' | 'skipped' | 'failed', error: string | null = null) {
    await db
      .update(notifications)
      .set({
        emailState: state,
        emailClaimedUntil: null,
        emailError: error,
        ...(state === 'sent' ? { emailedAt: sql`now()` } : {}),
      })
      .where(eq(notifications.id, id));
  }

  async function deliver(job: Job<{ notificationId: string }>): Promise<void> {
    const id = job.data.notificationId;
    const [row] = await db
      .update(notifications)
      .set({
        emailClaimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
        emailAttempts: sql`${notifications.emailAttempts} + 1`,
      })
      .where(
        and(
          eq(notifications.id, id),
          eq(notifications.emailState, 'pending'),
          or(isNull(notifications.emailClaimedUntil), lt(notifications.emailClaimedUntil, sql`now()`)),
        ),
      )
      .returning();
    if (!row) {
      const [current] = await db
        .select({ state: notifications.emailState })
        .from(notifications)
        .where(eq(notifications.id, id));
      // Sent, skipped or given up already: this job has nothing left to do.
      if (current?.state !== 'pending') return;
      // Another worker holds the claim right now: try again after it, rather than lose the message.
      throw new Error('another worker is sending this message; retrying later');
    }
    try {
      if (!transport) return await finish(id, 'skipped', 'email is off (no SMTP_URL)');
      const { token, emailsOff } = await repository.unsubscribeToken(row.userUid);
      if (emailsOff.includes(EMAIL_TOPIC_OF[row.kind]))
        return await finish(id, 'skipped', 'switched off by the recipient');
      const email = await renderNotificationEmail(row, { publicUrl: mail.publicUrl, token });
      await transport.sendMail({
        from: mail.from,
        to: row.userEmail,
        subject: email.subject,
        html: email.html,
        text: email.text,
        // The message key: a resend after a crash is recognisably the same message.
        messageId: `<${row.id}@${host}>`,
        headers: {
          'List-Unsubscribe': `<${email.unsubscribeUrl.replace('/unsubscribe?', '/api/notifications/unsubscribe?')}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'X-Notification-Key': row.key,
        },
      });
    } catch (error) {
      // Whatever failed (the mail server, rendering, the database), the claim is released so the
      // queue's retry can take the message again.
      const message = error instanceof Error ? error.message : String(error);
      failures++;
      if (!failingSince) {
        failingSince = new Date();
        log.error(
          { err: error, smtp: redact(mail.smtpUrl) },
          'email delivery is failing; messages are kept and retried with backoff (logged again when it recovers)',
        );
      }
      const last = job.retryCount >= job.retryLimit;
      await finish(id, last ? 'failed' : 'pending', message);
      if (last) log.warn({ notificationId: id, attempts: row.emailAttempts }, 'email given up after its last retry');
      throw error;
    }
    await finish(id, 'sent');
    log.info({ notificationId: id, kind: row.kind }, 'email sent');
    if (failingSince) {
      log.info({ since: failingSince.toISOString(), failedAttempts: failures }, 'email delivery recovered');
      failingSince = null;
      failures = 0;
    }
  }

  async function relay(): Promise<number> {
    const rows = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.emailState, 'pending'), isNull(notifications.emailQueuedAt)))
      .orderBy(asc(notifications.createdAt))
      .limit(RELAY_BATCH);
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.id);
    await queue.send(
      EMAIL_QUEUE,
      ids.map((id) => ({ id, data: { notificationId: id } })),
    );
    await db
      .update(notifications)
      .set({ emailQueuedAt: sql`now()` })
      .where(and(inArray(notifications.id, ids), isNull(notifications.emailQueuedAt)));
    queue.wake(EMAIL_QUEUE);
    return ids.length;
  }

  return { relay, deliver, enabled: transport !== null };
}

export function emailQueueDefinition(config: Config): QueueDefinition {
  return {
    name: EMAIL_QUEUE,
    retryLimit: config.mail.retryLimit,
    retryDelaySeconds: config.mail.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: CLAIM_SECONDS,
    batchSize: 10,
  };
}

/** Seconds, not nodemailer's minutes: a dead server must fail a send well within its claim. */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, value] of [
    ['connectionTimeout', '10000'],
    ['greetingTimeout', '10000'],
    ['socketTimeout', '20000'],
  ] as const) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return url.toString();
}

/** The SMTP URL without its password, for the logs. */
function redact(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'smtp://…';
  }
}
