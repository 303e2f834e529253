import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useAuth } from '@/lib/auth';

export default function RegisterRoute() {
  const { user, prepare } = useAuth();
  // Signing in needs Firebase: start it while the form is being filled in.
  useEffect(prepare, [prepare]);
  const [busy, setBusy] = useState(false);

  if (user && !busy) return <Navigate to={paths.home} replace />;

  return (
    <>
      <PageTitle page="Register" />
      <AuthCard
        title="Create your account"
        intro="Register to buy in bulk, list your own products and keep track of your orders."
      >
        <RegisterForm onBusyChange={setBusy} />
      </AuthCard>
    </>
  );
}
