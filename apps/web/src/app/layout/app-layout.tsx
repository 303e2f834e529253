import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingState } from '@/components/ui/states';
import { Footer } from '@/components/layout/footer';
import { InvitationsBanner } from '@/features/company/components/invitations-banner';
import { Navbar } from './navbar';

export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-base-200/40">
      <a
        href="#main"
        className="btn sr-only absolute top-2 left-2 z-50 btn-primary btn-sm focus:not-sr-only focus:absolute"
      >
        Skip to content
      </a>
      <Navbar />
      <InvitationsBanner />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* Route modules are lazy: this shows while a page's code downloads. */}
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
