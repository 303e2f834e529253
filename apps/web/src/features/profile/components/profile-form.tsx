import { isImageRef, PHOTO_URL_MESSAGE, PROFILE_LIMITS, sellerLabel, TOAST_MS, type Profile } from '@b2b/shared';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Avatar } from '@/components/ui/avatar';
import type { AuthUser } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { useSaveProfile } from '../api/profile';

type Props = {
  /** The signed-in user: Firebase holds the display name and photo. */
  user: AuthUser;
  /** What the API keeps (the company name). */
  profile: Profile;
};

type FieldName = 'displayName' | 'photoURL' | 'companyName';

function FormField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children(describedBy)}
      {hint ? (
        <p id={hintId} className="text-xs text-base-content/65">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Display name, photo URL and company name; the photo follows the product images' URL rule. */
export function ProfileForm({ user, profile }: Props) {
  const save = useSaveProfile();
  const ids = { displayName: useId(), photoURL: useId(), companyName: useId() };
  const [photo, setPhoto] = useState(user.photoURL ?? profile.photoURL);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = {
      displayName: String(data.get('displayName') ?? '').trim(),
      photoURL: String(data.get('photoURL') ?? '').trim(),
      companyName: String(data.get('companyName') ?? '').trim(),
    };
    const found: Partial<Record<FieldName, string>> = {};
    if (!isImageRef(values.photoURL)) found.photoURL = PHOTO_URL_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync(values);
      toast.success('Your profile has been saved.', { duration: TOAST_MS });
    } catch (error) {
      toast.error(errorMessage(error), { duration: TOAST_MS * 2 });
    }
  }

  const invalid = (field: FieldName) => (errors[field] ? true : undefined);
  const shownAs = sellerLabel(user.email, { companyName: profile.companyName, displayName: user.displayName });

  return (
    <form className="flex flex-col gap-5" onSubmit={handleSubmit} aria-label="Profile" noValidate>
      <div className="flex items-center gap-4">
        <Avatar src={isImageRef(photo) && photo ? photo : null} alt="" className="w-16" />
        <div className="min-w-0">
          <p className="font-semibold break-words">{shownAs}</p>
          <p className="text-sm break-all text-base-content/70">{user.email}</p>
        </div>
      </div>
      <FormField id={ids.displayName} label="Display name" error={errors.displayName}>
        {(describedBy) => (
          <input
            id={ids.displayName}
            name="displayName"
            className="input w-full"
            autoComplete="name"
            defaultValue={user.displayName || profile.displayName}
            maxLength={PROFILE_LIMITS.displayName}
            aria-invalid={invalid('displayName')}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <FormField
        id={ids.photoURL}
        label="Photo URL"
        hint="An https address, or a path on this site such as /images/avatars/default.svg."
        error={errors.photoURL}
      >
        {(describedBy) => (
          <input
            id={ids.photoURL}
            name="photoURL"
            type="text"
            inputMode="url"
            className={`input w-full ${errors.photoURL ? 'input-error' : ''}`}
            autoComplete="photo"
            placeholder="https://… or /images/…"
            value={photo}
            onChange={(event) => setPhoto(event.target.value)}
            aria-invalid={invalid('photoURL')}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <FormField
        id={ids.companyName}
        label="Company name"
        hint="Buyers see your products and orders under this name."
        error={errors.companyName}
      >
        {(describedBy) => (
          <input
            id={ids.companyName}
            name="companyName"
            className="input w-full"
            autoComplete="organization"
            defaultValue={profile.companyName}
            maxLength={PROFILE_LIMITS.companyName}
            aria-invalid={invalid('companyName')}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <button type="submit" className="btn self-start btn-primary" disabled={save.isPending}>
        {save.isPending ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
        Save profile
      </button>
    </form>
  );
}
