import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { redirectTarget } from '@/features/auth/components/require-auth';
import { useAuth } from '@/lib/auth';

export default function LoginRoute() {
  const { user, prepare } = useAuth();
  // Signing in needs Firebase: start it while the form is being filled in.
  useEffect(prepare, [prepare]);
  const location = useLocation();
  // While a sign-in is in flight the form itself navigates (after its alert).
  const [busy, setBusy] = useState(false);

  if (user && !busy) return <Navigate to={redirectTarget(location.state)} replace />;

  return (
    <>
      <PageTitle page="Login" />
      <AuthCard title="Login now!" intro="Please fill up the form correctly to login to the website.">
        <LoginForm onBusyChange={setBusy} />
      </AuthCard>
    </>
  );
}
