import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_TOPIC_LABELS, unsubscribeQuerySchema } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { paths } from '@/config/paths';
import { useUnsubscribe } from '@/features/notifications/api/email-preferences';
import { errorMessage } from '@/lib/errors';

/**
 * Where an email's "Unsubscribe" link lands: the click is the one click. The page sends the
 * link's token and topic once on arrival (no sign-in: the token names the recipient) and says
 * what changed; the profile turns it back on.
 */
export default function UnsubscribeRoute() {
  const [search] = useSearchParams();
  const parsed = unsubscribeQuerySchema.safeParse({ token: search.get('token'), topic: search.get('topic') });
  const unsubscribe = useUnsubscribe();
  const sent = useRef(false);
  const { mutate } = unsubscribe;

  useEffect(() => {
    if (!parsed.success || sent.current) return;
    sent.current = true;
    mutate(parsed.data);
  }, [parsed.success, parsed.data, mutate]);

  let message;
  if (!parsed.success) message = <p role="alert">This unsubscribe link is incomplete. Open it again from the email.</p>;
  else if (unsubscribe.isError) message = <p role="alert">{errorMessage(unsubscribe.error)}</p>;
  else if (unsubscribe.isSuccess) {
    const label = EMAIL_TOPIC_LABELS[unsubscribe.data.topic].label.toLowerCase();
    message = (
      <p role="status">
        Done: {unsubscribe.data.email || 'this address'} will no longer get {label} emails. They still reach your inbox
        in the app.
      </p>
    );
  } else message = <p role="status">Unsubscribing...</p>;

  return (
    <section className="mx-auto w-full max-w-xl px-4 py-16 text-center sm:px-6">
      <PageTitle page="Unsubscribe" />
      <h1 className="mb-4 text-3xl font-bold">Email preferences</h1>
      <div className="text-base-content/80">{message}</div>
      <Link to={`${paths.profile}#email-preferences`} className="btn mt-6 btn-outline btn-primary">
        Choose which emails you get
      </Link>
    </section>
  );
}
