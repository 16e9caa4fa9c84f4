import { linkifyText } from '@jamii/shared';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { PhoneLinks } from './phone-links';

/**
 * A member's text, as text (React escapes it: markup they typed is shown, never run), with phone
 * numbers to call or to chat with on WhatsApp, @mentions to the profile and, unless `topics` is false, #topics to their page.
 */
export function LinkedText({
  text,
  topics = true,
  linkClassName,
}: {
  text: string;
  topics?: boolean;
  linkClassName: string;
}) {
  return (
    <>
      {linkifyText(text, { topics }).map((part, index) => {
        switch (part.kind) {
          case 'phone':
            return <PhoneLinks key={index} e164={part.tel} text={part.text} linkClassName={linkClassName} />;
          case 'mention':
            return (
              <Link key={index} to={paths.user(part.username)} className={linkClassName}>
                {part.text}
              </Link>
            );
          case 'topic':
            return (
              <Link key={index} to={paths.topic(part.tag)} className={linkClassName}>
                {part.text}
              </Link>
            );
          default:
            return <Fragment key={index}>{part.text}</Fragment>;
        }
      })}
    </>
  );
}
