import { Link } from 'react-router';
import { canApprove, COMPANY_ROLE_LABELS, type CompanyDetail } from '@b2b/shared';
import { PageTitle } from '@/components/layout/page-title';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useCurrentCompany, useMyInvitations } from '@/lib/company';
import { AddressBook } from '@/features/company/components/address-book';
import { CompanyName } from '@/features/company/components/company-name';
import { CreateCompanyForm } from '@/features/company/components/create-company-form';
import { InviteForm } from '@/features/company/components/invite-form';
import { Members } from '@/features/company/components/members';
import { MyInvitations } from '@/features/company/components/my-invitations';
import { PendingInvitations } from '@/features/company/components/pending-invitations';
import { formatSpendingLimit } from '@/features/company/components/spending-limit';
import { BillingDetailsCard } from '@/features/billing/billing-form';

/**
 * The signed-in user's company: without one, their invitations and a form to create one; with
 * one, its members, invitations, address book and (for admins) billing details (admins manage
 * them, anyone may leave).
 */
export default function CompanyRoute() {
  const company = useCurrentCompany();
  const invitations = useMyInvitations();

  let body;
  if (company.isPending) body = <LoadingState label="Loading company..." />;
  else if (company.isError) body = <ErrorState error={company.error} onRetry={() => void company.refetch()} />;
  else {
    body = (
      <div className="flex flex-col gap-6">
        {invitations.data ? <MyInvitations invitations={invitations.data} inCompany={company.data !== null} /> : null}
        {company.data ? (
          <CompanyView company={company.data} />
        ) : (
          <>
            <h1 className="order-first text-3xl font-bold">Company</h1>
            <CreateCompanyForm />
          </>
        )}
      </div>
    );
  }

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageTitle page="Company" />
      {body}
    </section>
  );
}

function CompanyView({ company }: { company: CompanyDetail }) {
  const { user } = useAuth();
  const isAdmin = company.role === 'admin';
  return (
    <>
      <header className="flex flex-col gap-3">
        <CompanyName company={company} />
        <p className="text-base-content/70">
          You are {company.role === 'buyer' ? 'a' : 'an'} {COMPANY_ROLE_LABELS[company.role].toLowerCase()} here; your
          spending limit:{' '}
          <span className="font-medium text-base-content">{formatSpendingLimit(company.spendingLimit)}</span>.
        </p>
        {canApprove(company.role) ? (
          <div className="flex flex-wrap gap-2">
            <Link to={paths.approvals} className="btn btn-primary btn-sm">
              Approvals
            </Link>
            <Link to={paths.companyOrders} className="btn btn-outline btn-sm">
              Company orders
            </Link>
          </div>
        ) : null}
      </header>
      <Members company={company} me={user?.email ?? ''} />
      {isAdmin ? <InviteForm /> : null}
      {isAdmin ? <PendingInvitations invitations={company.invitations} /> : null}
      <AddressBook isAdmin={isAdmin} />
      {isAdmin ? <BillingDetailsCard whose="the company’s" /> : null}
    </>
  );
}
