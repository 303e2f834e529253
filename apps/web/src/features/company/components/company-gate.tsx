import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { canApprove, type CompanyDetail } from '@b2b/shared';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useCurrentCompany } from '@/lib/company';

/**
 * Approvals and Company orders are for a company's approvers and admins: this shows the company
 * loading, its error, or why the page is empty for anyone else, and otherwise the page.
 */
export function ApproverGate({ children }: { children: (company: CompanyDetail) => ReactNode }) {
  const company = useCurrentCompany();
  if (company.isPending) return <LoadingState label="Loading company..." />;
  if (company.isError) return <ErrorState error={company.error} onRetry={() => void company.refetch()} />;
  if (company.data === null) {
    return (
      <EmptyState>
        <p>You are not in a company. Create one or accept an invitation on the Company page.</p>
        <Link to={paths.company} className="btn mt-4 btn-primary btn-sm">
          Go to Company
        </Link>
      </EmptyState>
    );
  }
  if (!canApprove(company.data.role)) {
    return (
      <EmptyState>
        <p>Only your company’s approvers and admins can see this page.</p>
        <Link to={paths.myOrders} className="btn mt-4 btn-primary btn-sm">
          Go to My Orders
        </Link>
      </EmptyState>
    );
  }
  return children(company.data);
}
