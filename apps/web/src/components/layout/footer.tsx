import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { FacebookIcon, LinkedInIcon, MailIcon, PhoneIcon, PinIcon, XIcon, YouTubeIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { SITE_CONTACT, SOCIAL_LINKS, type SocialNetwork } from '@/config/site';
import { useHydrated } from '@/lib/hydration';

const SOCIAL_ICONS: Record<SocialNetwork, ComponentType<SVGProps<SVGSVGElement>>> = {
  Facebook: FacebookIcon,
  LinkedIn: LinkedInIcon,
  X: XIcon,
  YouTube: YouTubeIcon,
};

export const LEGAL_LINKS = [
  { to: '/legal/terms', label: 'Terms of Service' },
  { to: '/legal/privacy', label: 'Privacy Policy' },
  { to: '/legal/cookies', label: 'Cookie Policy' },
] as const;

export function Footer() {
  // The prerendered page says the build's year; this browser's clock takes over once hydrated.
  const year = useHydrated() ? new Date().getFullYear() : __BUILD_YEAR__;
  return (
    <footer className="mt-16 bg-neutral text-neutral-content">
      <div className="mx-auto footer max-w-7xl grid-cols-1 gap-10 px-4 py-12 sm:footer-horizontal sm:grid-cols-2 lg:grid-cols-4">
        <aside className="max-w-xs">
          <Link to={paths.home} className="flex items-center gap-2 rounded-box">
            <img src="/images/logo.svg" alt="" width={36} height={36} className="size-9" />
            <span className="text-lg font-bold">B2B Wholesale Platform</span>
          </Link>
          <p className="text-neutral-content/80">
            Wholesale buying and selling for businesses: trusted brands, bulk prices, one simple order flow.
          </p>
        </aside>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-title">
            Contact Us
          </h2>
          <address className="flex flex-col gap-2 not-italic">
            <a className="flex link items-center gap-2 link-hover" href={`mailto:${SITE_CONTACT.email}`}>
              <MailIcon width={18} height={18} className="shrink-0" />
              {SITE_CONTACT.email}
            </a>
            <a className="flex link items-center gap-2 link-hover" href={SITE_CONTACT.phoneHref}>
              <PhoneIcon width={18} height={18} className="shrink-0" />
              {SITE_CONTACT.phone}
            </a>
            <span className="flex items-start gap-2">
              <PinIcon width={18} height={18} className="mt-0.5 shrink-0" />
              <span>
                {SITE_CONTACT.street}, {SITE_CONTACT.city}
              </span>
            </span>
          </address>
          <Link
            to={paths.contact}
            className="btn mt-1 border-neutral-content/30 bg-transparent btn-outline text-neutral-content btn-sm hover:bg-primary hover:text-primary-content"
          >
            Send us a message
          </Link>
        </section>

        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="footer-title">
            Legal
          </h2>
          {LEGAL_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="link link-hover">
              {link.label}
            </Link>
          ))}
        </nav>

        <nav aria-labelledby="footer-social">
          <h2 id="footer-social" className="footer-title">
            Follow Us
          </h2>
          <ul className="flex gap-3">
            {SOCIAL_LINKS.map((social) => {
              const Icon = SOCIAL_ICONS[social.name];
              return (
                <li key={social.name}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`B2B Wholesale Platform on ${social.name} (opens in a new tab)`}
                    className="btn btn-circle border-neutral-content/20 bg-neutral-content/10 text-neutral-content btn-sm hover:bg-primary hover:text-primary-content"
                  >
                    <Icon width={18} height={18} />
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      <div className="border-t border-neutral-content/15">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-neutral-content/70">
          © {year} B2B Wholesale Platform. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
