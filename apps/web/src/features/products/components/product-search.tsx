import { useId, useState, type FormEvent } from 'react';

type ProductSearchProps = { value: string; onSearch: (q: string) => void; label?: string };

/** Searches name and brand on the server; submits on Enter or the button. */
export function ProductSearch({ value, onSearch, label = 'Search by name or brand' }: ProductSearchProps) {
  const id = useId();
  const [text, setText] = useState(value);
  // Follow the URL's search when it changes (back button, a link) without remounting the
  // field, so it keeps focus while the user searches or clears it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text);
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
        className="input w-full input-sm sm:w-64"
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          // The native clear button empties the field: show everything again at once.
          if (next === '' && value !== '') onSearch('');
        }}
      />
      <button type="submit" className="btn btn-primary btn-sm">
        Search
      </button>
    </form>
  );
}
