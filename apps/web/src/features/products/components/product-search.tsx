import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';

/** How long typing must pause before the list follows the field: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

type ProductSearchProps = { value: string; onSearch: (q: string) => void; label?: string };

/**
 * Searches name and brand on the server as the user types (once typing pauses), and at once
 * on Enter or the button. `value` is the search in the URL; `onSearch` receives it trimmed.
 */
export function ProductSearch({ value, onSearch, label = 'Search by name or brand' }: ProductSearchProps) {
  const id = useId();
  const [text, setText] = useState(value);
  // The URL's search as last seen, and the last search this field sent there.
  const [shown, setShown] = useState(value);
  const [sent, setSent] = useState(value);
  if (shown !== value) {
    setShown(value);
    // The URL changed by itself (back button, a link): show its search, without remounting the
    // field, so focus stays. When the URL is only catching up with a search sent from here, the
    // user may have typed on since; their text stays as it is.
    if (value !== sent) {
      setText(value);
      setSent(value);
    }
  }

  const search = (q: string) => {
    setSent(q);
    onSearch(q);
  };
  const searchAfterPause = useEffectEvent(search);

  useEffect(() => {
    const q = text.trim();
    if (q === value.trim()) return;
    const timer = setTimeout(() => searchAfterPause(q), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex w-full gap-2 sm:w-auto">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        value={text}
        placeholder="Search by name or brand"
        maxLength={100}
        autoComplete="off"
        className="input w-full input-sm sm:w-64"
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          // The native clear button empties the field: show everything again at once.
          if (next.trim() === '' && value !== '') search('');
        }}
      />
      <button type="submit" className="btn btn-primary btn-sm">
        Search
      </button>
    </form>
  );
}
