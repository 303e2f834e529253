import { useId, type FormEvent } from 'react';

type ProductSearchProps = { value: string; onSearch: (q: string) => void; label?: string };

/** Searches name and brand on the server; submits on Enter or the button. */
export function ProductSearch({ value, onSearch, label = 'Search by name or brand' }: ProductSearchProps) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSearch(String(data.get('q') ?? ''));
  };
  return (
    // `key` resets the field when the URL's search changes (back button, clear).
    <form key={value} role="search" onSubmit={submit} className="flex w-full gap-2 sm:w-auto">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={value}
        placeholder="Search by name or brand"
        maxLength={100}
        className="input w-full input-sm sm:w-64"
        onChange={(event) => {
          // The native clear button empties the field: show everything again at once.
          if (event.currentTarget.value === '' && value !== '') onSearch('');
        }}
      />
      <button type="submit" className="btn btn-primary btn-sm">
        Search
      </button>
    </form>
  );
}
