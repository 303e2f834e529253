import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/**
 * Where a password-reset email's link lands: Firebase's action-link parameters
 * (`mode=resetPassword&oobCode=…`), from the Auth Emulator or from a real project whose reset
 * template points its action URL here. Another `mode` is not a reset link.
 */
export default function ResetPasswordRoute() {
  const [search] = useSearchParams();
  const mode = search.get('mode');
  const code = mode === null || mode === 'resetPassword' ? search.get('oobCode') : null;
  return (
    <>
      <PageTitle page="Reset Password" />
      <AuthCard title="Set a new password" intro="Choose a new password for your account, then log in with it.">
        <ResetPasswordForm code={code || null} />
      </AuthCard>
    </>
  );
}
