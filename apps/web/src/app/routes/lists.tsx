import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { LIST_LIMITS, TOAST_MS, type ListSummary } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useCreateList } from '@/features/lists/api/create-list';
import { useLists } from '@/features/lists/api/get-lists';
import { useListActions } from '@/features/lists/hooks/use-list-actions';
import { lineCount } from '@/features/lists/components/list-results';
import { SharedBadge } from '@/features/lists/components/shared-badge';

function CreateListForm() {
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateList();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      setError('Name the list.');
      return;
    }
    try {
      const list = await create.mutateAsync({ name: name.trim() });
      setName('');
      toast.success(`List “${list.name}” created.`, { duration: TOAST_MS });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-2" aria-label="New list">
      <label htmlFor={id} className="font-semibold">
        Name of a new list
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          className="input w-full sm:max-w-sm"
          value={name}
          maxLength={LIST_LIMITS.name}
          placeholder="e.g. Weekly kitchen restock"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          Create list
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function ListRow({ list }: { list: ListSummary }) {
  const { user } = useAuth();
  const { onRename, onDelete, renaming, deleting } = useListActions(list);
  // A colleague's shared list: named by its owner, and changed only by them and the company's admins.
  const own = list.ownerEmail.toLowerCase() === user?.email.toLowerCase();

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <Link to={paths.list(list._id)} className="link text-lg font-semibold break-words link-primary">
          {list.name}
        </Link>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-base-content/70">
          <span>
            {lineCount(list.lineCount)} · changed{' '}
            <time dateTime={list.updatedAt}>{formatDateTime(list.updatedAt)}</time>
            {own ? null : ` · by ${list.ownerEmail}`}
          </span>
          <SharedBadge list={list} />
        </p>
      </div>
      {list.canEdit ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => void onRename()}
            disabled={renaming}
            aria-label={`Rename ${list.name}`}
          >
            Rename
          </button>
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            onClick={() => void onDelete()}
            disabled={deleting}
            aria-label={`Delete ${list.name}`}
          >
            Delete
          </button>
        </div>
      ) : null}
    </li>
  );
}

export default function ListsRoute() {
  const lists = useLists();
  let body;
  if (lists.isPending) body = <LoadingState label="Loading lists..." />;
  else if (lists.isError) body = <ErrorState error={lists.error} onRetry={() => void lists.refetch()} />;
  else if (lists.data.length === 0) {
    body = (
      <EmptyState>
        <p>You have no saved lists yet.</p>
        <p className="mt-1 text-sm">
          Create one above, save your cart as a list, or use “Add to list” on a product’s page.
        </p>
      </EmptyState>
    );
  } else {
    body = (
      <ul
        aria-label="My lists"
        className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100 shadow-sm"
      >
        {lists.data.map((list) => (
          <ListRow key={list._id} list={list} />
        ))}
      </ul>
    );
  }

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <PageTitle page="Lists" />
      <header className="mb-6">
        <h1 className="text-3xl font-bold">My lists</h1>
        <p className="mt-1 text-base-content/70">
          Products with quantities you order again and again, ready to go into your cart in one click.
        </p>
      </header>
      <div className="mb-6">
        <CreateListForm />
      </div>
      {body}
    </section>
  );
}
