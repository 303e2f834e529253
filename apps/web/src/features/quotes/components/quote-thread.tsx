import { useId, useState, type FormEvent } from 'react';
import { QUOTE_LIMITS, quoteMessageSchema, type Quote, type QuoteEvent } from '@b2b/shared';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { usePostQuoteMessage } from '../api/post-quote-message';

/** What a move says in the thread; a message is its text alone. */
const MOVE: Record<Exclude<QuoteEvent['kind'], 'message'>, (event: QuoteEvent) => string> = {
  request: () => 'Asked for a quote',
  offer: (event) => (event.version && event.version > 1 ? `Offered again (version ${event.version})` : 'Made an offer'),
  revision: () => 'Asked for a revision',
  accept: () => 'Accepted the offer',
  decline: () => 'Declined',
  withdraw: () => 'Withdrew the quote',
  expire: () => 'The offer expired',
  // The order an acceptance placed was rejected in approval (or never decided): the offer stands again.
  reopen: () => 'Open again: the order was not approved',
};

const SIDE_LABEL = { buyer: 'Buyer', seller: 'Seller', system: 'System' } as const;

function Event({ event }: { event: QuoteEvent }) {
  const who = event.author ? event.author.name || event.author.email : SIDE_LABEL[event.side];
  const move = event.kind === 'message' ? null : MOVE[event.kind](event);
  const tone =
    event.side === 'system'
      ? 'border-dashed border-base-300'
      : event.side === 'seller'
        ? 'border-secondary/30 bg-secondary/5'
        : 'border-base-300 bg-base-100';
  return (
    <li className={`rounded-box border p-3 text-sm ${tone}`}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-base-content/70">
        <span className="font-semibold text-base-content">{who}</span>
        {event.author ? <span>{SIDE_LABEL[event.side]}</span> : null}
        <time dateTime={event.at}>{formatDateTime(event.at)}</time>
      </p>
      {move ? <p className="mt-1 font-medium">{move}</p> : null}
      {event.text ? <p className="mt-1 break-words whitespace-pre-line">{event.text}</p> : null}
    </li>
  );
}

/** The story both sides read, oldest first (every message and every move), and a message to add to it. */
export function QuoteThread({ quote }: { quote: Quote }) {
  const post = usePostQuoteMessage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = quoteMessageSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a message.');
      return;
    }
    setError(null);
    try {
      await post.mutateAsync({ id: quote._id, text: parsed.data.text });
      setText('');
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Messages
      </h2>
      <ol aria-label="Thread" className="flex flex-col gap-2">
        {quote.thread.map((event) => (
          <Event key={event._id} event={event} />
        ))}
      </ol>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-2">
        <label htmlFor={`${id}-text`} className="text-sm font-medium">
          Write a message
        </label>
        <textarea
          id={`${id}-text`}
          className={`textarea w-full ${error ? 'textarea-error' : ''}`}
          rows={3}
          maxLength={QUOTE_LIMITS.message}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn self-start btn-outline btn-primary" disabled={post.isPending}>
          {post.isPending ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
          Send message
        </button>
      </form>
    </section>
  );
}
