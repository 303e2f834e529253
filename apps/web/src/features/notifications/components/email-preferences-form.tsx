import { EMAIL_TOPIC_LABELS, EMAIL_TOPICS, type EmailTopic } from '@b2b/shared';
import toast from 'react-hot-toast';
import { ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/errors';
import { useEmailPreferences, useUpdateEmailPreferences } from '../api/email-preferences';

/** A switch per kind of email; each change is saved at once. The inbox always gets everything. */
export function EmailPreferencesForm() {
  const preferences = useEmailPreferences();
  const update = useUpdateEmailPreferences();

  if (preferences.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-4 text-base-content/70">
        <span className="loading loading-sm loading-spinner text-primary" aria-hidden="true" />
        Loading email preferences...
      </p>
    );
  }
  if (preferences.isError) return <ErrorState error={preferences.error} onRetry={() => void preferences.refetch()} />;

  const values = update.variables && update.isPending ? { ...preferences.data, ...update.variables } : preferences.data;
  const toggle = (topic: EmailTopic, on: boolean) =>
    update.mutate(
      { [topic]: on },
      {
        onSuccess: () =>
          toast.success(
            on ? `${EMAIL_TOPIC_LABELS[topic].label} emails on` : `${EMAIL_TOPIC_LABELS[topic].label} emails off`,
            { duration: 2000 },
          ),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm text-base-content/70">
        Every notification reaches your inbox (the bell); choose which ones also come by email.
      </legend>
      {EMAIL_TOPICS.map((topic) => {
        const id = `email-topic-${topic}`;
        return (
          <div key={topic} className="flex items-start gap-3">
            <input
              id={id}
              type="checkbox"
              className="toggle mt-0.5 shrink-0 toggle-primary"
              checked={values[topic]}
              onChange={(event) => toggle(topic, event.target.checked)}
              aria-describedby={`${id}-hint`}
            />
            <label htmlFor={id} className="flex flex-col">
              <span className="font-medium">{EMAIL_TOPIC_LABELS[topic].label}</span>
              <span id={`${id}-hint`} className="text-sm text-base-content/70">
                {EMAIL_TOPIC_LABELS[topic].hint}
              </span>
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
