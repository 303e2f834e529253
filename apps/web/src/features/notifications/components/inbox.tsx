import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Notification, NotificationKind } from '@b2b/shared';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { notificationKeys } from '../api/get-unread-count';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';

const KIND_LABEL: Record<NotificationKind, string> = {
  order_received: 'New order',
  order_placed: 'Order placed',
  order_status: 'Order update',
  order_cancelled_by_buyer: 'Cancelled by buyer',
  hold_expiring: 'Cart reminder',
  low_stock: 'Low stock',
  import_finished: 'Import',
  approval_requested: 'Approval needed',
  order_approved: 'Order approved',
  order_rejected: 'Order rejected',
  company_invitation: 'Company invitation',
  payment_due: 'Payment due',
  payment_overdue: 'Payment overdue',
  credit_limit_near: 'Credit limit',
  quote_requested: 'Quote request',
  quote_offered: 'Quote offer',
  quote_expiring: 'Quote expiring',
  quote_accepted: 'Quote accepted',
  quote_declined: 'Quote declined',
  quote_revision_requested: 'Revision requested',
  quote_withdrawn: 'Quote withdrawn',
};

function NotificationItem({
  notification,
  onOpen,
  onMarkRead,
  busy,
}: {
  notification: Notification;
  onOpen: () => void;
  onMarkRead: () => void;
  busy: boolean;
}) {
  const unread = !notification.read;
  return (
    <li
      className={`flex flex-col gap-2 rounded-box border p-4 sm:flex-row sm:items-start sm:gap-4 ${
        unread ? 'border-primary/40 bg-primary/5' : 'border-base-300 bg-base-100'
      }`}
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-xs text-base-content/70">
          {unread ? (
            <span className="badge badge-sm badge-primary">
              New<span className="sr-only">, unread</span>
            </span>
          ) : null}
          <span className="font-medium tracking-wide uppercase">{KIND_LABEL[notification.kind]}</span>
          <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
        </p>
        <h2 className={`mt-1 text-base break-words ${unread ? 'font-bold' : 'font-semibold'}`}>
          <Link to={notification.link} className="link link-hover" onClick={onOpen}>
            {notification.title}
          </Link>
        </h2>
        <p className="mt-1 text-sm break-words text-base-content/80">{notification.body}</p>
      </div>
      {unread ? (
        <button
          type="button"
          className="btn shrink-0 self-start btn-ghost btn-sm"
          onClick={onMarkRead}
          disabled={busy}
          aria-label={`Mark read: ${notification.title}`}
        >
          Mark read
        </button>
      ) : null}
    </li>
  );
}

/** The inbox: newest first, unread ones marked; opening one marks it read; Mark all read. */
export function Inbox() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotifications(unreadOnly);
  const markRead = useMarkRead();
  const [problem, setProblem] = useState<string | null>(null);

  const mark = (input: Parameters<typeof markRead.mutate>[0]) =>
    markRead.mutate(input, {
      onSuccess: () => setProblem(null),
      onError: (error) => setProblem(errorMessage(error)),
    });

  // The bell polls every 25 s; whenever the list is fresher, so is the count.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (list.dataUpdatedAt > 0) void queryClient.invalidateQueries({ queryKey: notificationKeys.unread() });
  }, [list.dataUpdatedAt, queryClient]);

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const anyUnread = items.some((n) => !n.read);

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Show" className="join">
          <button
            type="button"
            className={`btn join-item btn-sm ${unreadOnly ? 'btn-outline' : 'btn-primary'}`}
            aria-pressed={!unreadOnly}
            onClick={() => setUnreadOnly(false)}
          >
            All
          </button>
          <button
            type="button"
            className={`btn join-item btn-sm ${unreadOnly ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={unreadOnly}
            onClick={() => setUnreadOnly(true)}
          >
            Unread
          </button>
        </div>
        <button
          type="button"
          className="btn btn-outline btn-primary btn-sm"
          disabled={!anyUnread || markRead.isPending}
          onClick={() => mark({ all: true })}
        >
          Mark all read
        </button>
      </div>
      {problem ? (
        <p role="alert" className="mb-4 text-error">
          {problem}
        </p>
      ) : null}
      {list.isPending ? (
        <LoadingState label="Loading notifications..." />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>
          <p>
            {unreadOnly
              ? 'Nothing unread.'
              : 'No notifications yet. New orders, order updates and reminders arrive here.'}
          </p>
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Notifications" className="flex flex-col gap-3">
            {items.map((notification) => (
              <NotificationItem
                key={notification._id}
                notification={notification}
                busy={markRead.isPending}
                onOpen={() => {
                  if (!notification.read) mark({ ids: [notification._id] });
                }}
                onMarkRead={() => mark({ ids: [notification._id] })}
              />
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <button
                type="button"
                className="btn btn-outline btn-primary"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? 'Loading...' : 'Show older'}
              </button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
