import { PageTitle } from '@/components/layout/page-title';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { DashboardView } from '@/features/dashboard/components/dashboard-view';

/** The seller's overview (from the Selling menu). */
export default function DashboardRoute() {
  const dashboard = useDashboard();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <PageTitle page="Dashboard" />
      <header className="mb-6">
        <h1 className="text-3xl font-bold">Dashboard</h1>
        <p className="mt-1 text-base-content/70">How your sales went in the last 30 days, and what needs you now.</p>
      </header>
      {dashboard.isPending ? (
        <LoadingState label="Loading dashboard..." />
      ) : dashboard.isError ? (
        <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <DashboardView data={dashboard.data} />
      )}
    </section>
  );
}
