import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { can, COMPANY_ROLE_LABELS, rolesThatCan, type CompanyDetail, type Permission } from '@b2b/shared';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useCurrentCompany } from '@/lib/company';

/** The roles that may, for a sentence: "approvers and admins". */
const rolesPlural = (permission: Permission) =>
  rolesThatCan(permission)
    .map((role) => `${COMPANY_ROLE_LABELS[role].toLowerCase()}s`)
    .reverse()
    .join(' and ');

/**
 * A company page for the roles with a permission (the roles table): this shows the company
 * loading, its error, or why the page is empty for anyone else, and otherwise the page.
 */
export function CompanyGate({
  permission,
  children,
}: {
  permission: Permission;
  children: (company: CompanyDetail) => ReactNode;
}) {
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
  if (!can(company.data.role, permission)) {
    return (
      <EmptyState>
        <p>Only your company’s {rolesPlural(permission)} can see this page.</p>
        <Link to={paths.myOrders} className="btn mt-4 btn-primary btn-sm">
          Go to My Orders
        </Link>
      </EmptyState>
    );
  }
  return children(company.data);
}

/** Approvals and Company orders: the company's approvers and admins. */
export function ApproverGate({ children }: { children: (company: CompanyDetail) => ReactNode }) {
  return <CompanyGate permission="approve">{children}</CompanyGate>;
}
