import type { ConversationContextType, ConversationDto } from '@jamii/shared';
import { useState, type SVGProps } from 'react';
import { useNavigate } from 'react-router';
import { apiFetch, errorMessage } from '../lib/api';
import { useAuth } from '../lib/auth';
import { t } from '../lib/i18n';
import { paths } from '../lib/paths';
import { useToast } from '../lib/toast';
import { buttonClasses, type ButtonVariant } from './button-styles';
import { Icon } from './icons';

export function ChatIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    </Icon>
  );
}

interface MessageButtonProps {
  /** The member to write to (with or without the @). */
  username: string;
  /** What the conversation is about: the item whose button this is. */
  context?: { type: ConversationContextType; id: number };
  variant?: ButtonVariant;
  /** Read out instead of "Message" where several buttons share a screen (e.g. "Message Amina"). */
  label?: string;
}

/**
 * docs/design.md#messages Message button (profiles, offers, services, job details): opens (or finds) the
 * conversation with the member and goes to it. Not shown to visitors or on one's own items.
 */
export function MessageButton({ username, context, variant = 'secondary', label }: MessageButtonProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [isOpening, setIsOpening] = useState(false);
  const bare = username.replace(/^@/, '').toLowerCase();
  if (!user || user.username.replace(/^@/, '').toLowerCase() === bare) return null;

  async function handleClick() {
    setIsOpening(true);
    try {
      const conversation = await apiFetch<ConversationDto>('/api/conversations', {
        method: 'POST',
        body: { username, ...(context ? { context_type: context.type, context_id: context.id } : {}) },
      });
      void navigate(paths.message(conversation.id));
    } catch (error) {
      toast.error(errorMessage(error, t('messages.openFailed')));
      setIsOpening(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void handleClick()}
      disabled={isOpening}
      className={buttonClasses(variant)}
    >
      <ChatIcon className="size-4" />
      {label ? (
        // Read out in full; no aria-label, so the form fields labelled "Message" nearby stay the only ones.
        <>
          <span aria-hidden="true">{t('messages.messageButton')}</span>
          <span className="sr-only">{label}</span>
        </>
      ) : (
        t('messages.messageButton')
      )}
    </button>
  );
}
