/** Company details shown in the footer and on the contact page. */
export const SITE_CONTACT = {
  email: 'support@b2b-wholesale.example',
  phone: '+880 1700-000000',
  phoneHref: 'tel:+8801700000000',
  street: '12 Agrabad Commercial Area',
  city: 'Chattogram, Bangladesh',
} as const;

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'X', href: 'https://x.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const;

export type SocialNetwork = (typeof SOCIAL_LINKS)[number]['name'];

export const SITE_NAME = 'B2B Wholesale Platform';
