import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { ErrorPage } from '@/components/errors/error-page';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';

function RootFallback(error: unknown) {
  return (
    <ErrorPage
      error={error}
      actions={
        <button type="button" className="btn btn-primary" onClick={() => window.location.assign('/')}>
          Reload the app
        </button>
      }
    />
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary fallback={RootFallback}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {children}
          <Toaster position="top-center" toastOptions={{ className: 'text-sm' }} />
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
