import { LinkedText } from '../../components/linked-text';

/**
 * A post's text with its line breaks; #topics open the topic page, @mentions the profile, phone
 * numbers the dialler.
 */
export function PostText({ content }: { content: string }) {
  return (
    <p className="break-words whitespace-pre-line text-gray-900">
      <LinkedText
        text={content}
        linkClassName="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      />
    </p>
  );
}
