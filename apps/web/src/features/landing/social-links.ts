import type { MessageKey } from '../../lib/i18n';

type SocialLabelKey = Extract<MessageKey, `footer.social.${string}`>;

export interface SocialLink {
  label: SocialLabelKey;
  href: string;
}

export const socialLinks: readonly SocialLink[] = [
  { label: 'footer.social.facebook', href: 'https://facebook.com/jamii' },
  { label: 'footer.social.x', href: 'https://x.com/jamii' },
  { label: 'footer.social.instagram', href: 'https://instagram.com/jamii' },
  { label: 'footer.social.linkedin', href: 'https://linkedin.com/company/jamii' },
];
