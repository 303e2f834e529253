import { PageTitle } from '@/components/layout/page-title';
import { Inbox } from '@/features/notifications/components/inbox';

/** The signed-in user's notifications (the navbar bell leads here). */
export default function InboxRoute() {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <PageTitle page="Inbox" />
      <header className="mb-6">
        <h1 className="text-3xl font-bold">Inbox</h1>
        <p className="mt-1 text-base-content/70">New orders, order updates and reminders, newest first.</p>
      </header>
      <Inbox />
    </section>
  );
}
