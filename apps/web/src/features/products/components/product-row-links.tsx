import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The Details and Update actions every product table row carries. */
export function ProductRowLinks({ id }: { id: string }) {
  return (
    <>
      <Link to={paths.productDetails(id)} className="btn btn-primary btn-xs">
        Details
      </Link>
      <Link to={paths.updateProduct(id)} className="btn btn-outline btn-xs">
        Update
      </Link>
    </>
  );
}
