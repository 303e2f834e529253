import { PageTitle } from '@/components/layout/page-title';
import { ErrorState } from '@/components/ui/states';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { EmailPreferencesForm } from '@/features/notifications/components/email-preferences-form';
import { useProfile } from '@/features/profile/api/profile';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { useAuth } from '@/lib/auth';
import { useCurrentCompany } from '@/lib/company';
import { BillingDetailsCard } from '@/features/billing/billing-form';

/** The signed-in user's profile: names, photo and company (saved to Firebase and the API), the password, and which emails arrive. */
export default function ProfileRoute() {
  const { user } = useAuth();
  const profile = useProfile();
  // A business of one keeps its billing details here; a company's are on the Company page.
  const company = useCurrentCompany();

  let details;
  if (profile.isPending) {
    details = (
      <p role="status" className="flex items-center gap-2 py-8 text-base-content/70">
        <span className="loading loading-sm loading-spinner text-primary" aria-hidden="true" />
        Loading profile...
      </p>
    );
  } else if (profile.isError) details = <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  else if (user) details = <ProfileForm user={user} profile={profile.data} />;

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <PageTitle page="Profile" />
      <header className="mb-6">
        <h1 className="text-3xl font-bold">Profile</h1>
        <p className="mt-1 text-base-content/70">How buyers and sellers see you, and how you sign in.</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="profile-details" className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-4">
            <h2 id="profile-details" className="text-lg font-semibold">
              Your details
            </h2>
            {details}
          </div>
        </section>
        <section aria-labelledby="profile-password" className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-4">
            <h2 id="profile-password" className="text-lg font-semibold">
              Change password
            </h2>
            <ChangePasswordForm />
          </div>
        </section>
        <section
          id="email-preferences"
          aria-labelledby="profile-emails"
          className="card scroll-mt-24 border border-base-300 bg-base-100 shadow-sm lg:col-span-2"
        >
          <div className="card-body gap-4">
            <h2 id="profile-emails" className="text-lg font-semibold">
              Emails
            </h2>
            <EmailPreferencesForm />
          </div>
        </section>
        {company.data === null ? (
          <div className="lg:col-span-2">
            <BillingDetailsCard whose="your" />
          </div>
        ) : null}
      </div>
    </section>
  );
}
