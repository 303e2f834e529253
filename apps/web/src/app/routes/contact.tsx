import { useId, useState, type FormEvent } from 'react';
import { PageTitle } from '@/components/layout/page-title';
import { MailIcon, PhoneIcon, PinIcon } from '@/components/ui/icons';
import { SITE_CONTACT } from '@/config/site';

/** Builds the mailto: link the form opens; there is no backend for messages. */
export function contactMailto(input: { name: string; email: string; subject: string; message: string }): string {
  const body = `${input.message}\n\n— ${input.name} <${input.email}>`;
  const query = new URLSearchParams({ subject: input.subject || 'Question from the website', body });
  // URLSearchParams encodes spaces as '+', which mail clients show literally.
  return `mailto:${SITE_CONTACT.email}?${query.toString().replace(/\+/g, '%20')}`;
}

export default function ContactRoute() {
  const ids = { name: useId(), email: useId(), subject: useId(), message: useId(), note: useId() };
  const [opened, setOpened] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '').trim();
    window.location.href = contactMailto({
      name: field('name'),
      email: field('email'),
      subject: field('subject'),
      message: field('message'),
    });
    setOpened(true);
  }

  return (
    <>
      <PageTitle page="Contact Us" />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[1fr_1.3fr]">
        <div>
          <h1 className="text-4xl font-bold">Contact Us</h1>
          <p className="mt-4 text-base-content/80">
            Questions about an order, a listing or your account? Our support team answers within one working day.
          </p>
          <address className="mt-8 flex flex-col gap-4 not-italic">
            <a href={`mailto:${SITE_CONTACT.email}`} className="flex link items-center gap-3 link-hover">
              <MailIcon className="text-primary" />
              {SITE_CONTACT.email}
            </a>
            <a href={SITE_CONTACT.phoneHref} className="flex link items-center gap-3 link-hover">
              <PhoneIcon className="text-primary" />
              {SITE_CONTACT.phone}
            </a>
            <span className="flex items-start gap-3">
              <PinIcon className="mt-0.5 shrink-0 text-primary" />
              <span>
                {SITE_CONTACT.street}, {SITE_CONTACT.city}
              </span>
            </span>
          </address>
        </div>

        <section aria-labelledby="contact-form-heading" className="card border border-base-300 bg-base-100 shadow-lg">
          <form className="card-body gap-4" onSubmit={handleSubmit} aria-describedby={ids.note}>
            <h2 id="contact-form-heading" className="card-title text-2xl">
              Send us a message
            </h2>
            <p id={ids.note} className="text-sm text-base-content/70">
              Sending opens your email app with this message filled in, addressed to {SITE_CONTACT.email}.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-1">
                <label htmlFor={ids.name} className="text-sm font-medium">
                  Name
                </label>
                <input id={ids.name} name="name" className="input w-full" autoComplete="name" required />
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor={ids.email} className="text-sm font-medium">
                  Email
                </label>
                <input
                  id={ids.email}
                  name="email"
                  type="email"
                  className="input w-full"
                  autoComplete="email"
                  required
                />
              </div>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.subject} className="text-sm font-medium">
                Subject
              </label>
              <input id={ids.subject} name="subject" className="input w-full" />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.message} className="text-sm font-medium">
                Message
              </label>
              <textarea id={ids.message} name="message" className="textarea min-h-36 w-full" required />
            </div>
            <button type="submit" className="btn self-start btn-primary">
              Open in my email app
            </button>
            {opened ? (
              <p role="status" className="text-sm text-success">
                Your email app should open now. If it does not, write to {SITE_CONTACT.email}.
              </p>
            ) : null}
          </form>
        </section>
      </div>
    </>
  );
}
