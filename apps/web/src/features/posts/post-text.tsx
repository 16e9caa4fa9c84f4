import { Fragment } from 'react';

// The same shape as extractHashtags in @jamii/shared: a # not glued to a word, then letters/digits/_.
const HASHTAG = /(^|[^\p{L}\p{N}_&])(#[\p{L}\p{N}_]{1,64})/gu;

/**
 * A post's text, as text: React escapes it, so markup a member typed is shown, never run. Hashtags
 * are styled; line breaks are kept.
 */
export function PostText({ content }: { content: string }) {
  const parts: { text: string; isTag: boolean }[] = [];
  let last = 0;
  for (const match of content.matchAll(HASHTAG)) {
    const start = match.index + (match[1]?.length ?? 0);
    if (start > last) parts.push({ text: content.slice(last, start), isTag: false });
    parts.push({ text: match[2] ?? '', isTag: true });
    last = start + (match[2]?.length ?? 0);
  }
  if (last < content.length) parts.push({ text: content.slice(last), isTag: false });

  return (
    <p className="break-words whitespace-pre-line text-gray-900">
      {parts.map((part, index) =>
        part.isTag ? (
          <span key={index} className="font-medium text-brand-700">
            {part.text}
          </span>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
