import { Pagination } from '@/components/ui/pagination';
import type { ListParams } from '../hooks/use-list-params';

type Props = { page: Parameters<typeof Pagination>[0]['page']; list: ListParams };

/** The pager of a product list, moving the list's offset in the URL. */
export function ListPagination({ page, list }: Props) {
  return (
    <Pagination
      page={page}
      limit={list.limit}
      offset={list.offset}
      maxOffset={list.maxOffset}
      onChange={(next) => list.update({ offset: next })}
    />
  );
}
