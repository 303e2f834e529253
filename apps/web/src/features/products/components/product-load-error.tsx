import { Link } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { isNotFound } from '../utils/errors';

/** What a page about one product shows when the product could not be loaded. */
export function ProductLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return isNotFound(error) ? (
    <EmptyState>
      <p>This product does not exist or has been removed.</p>
      <Link to={paths.allProducts} className="btn mt-4 btn-primary btn-sm">
        Browse all products
      </Link>
    </EmptyState>
  ) : (
    <ErrorState error={error} onRetry={onRetry} />
  );
}
