import { useEffect } from 'react';
import { CardSkeletons } from '../../components/card-skeleton';
import { EmptyState, ListError } from '../../components/list-states';
import { t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { useSuggestions } from './api';
import { PersonRow } from './person-row';

/**
 * the specified screens Find People (`/explore/users`): the suggested members, each with a Follow / Following
 * toggle that works (docs/design.md#principles). A failed load says `Failed to load users.` as a toast (the specified error texts;
 * the original crashed here) and offers a retry.
 */
export function FindPeoplePage() {
  const suggestions = useSuggestions();
  const toast = useToast();
  const { isError, errorUpdatedAt } = suggestions;

  useEffect(() => {
    if (isError) toast.error(t('people.loadFailed'));
  }, [isError, errorUpdatedAt, toast]);

  const people = suggestions.data ?? [];
  return (
    <div className="mx-auto w-full max-w-2xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('people.findTitle') })}</title>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('people.findTitle')}</h1>
      <p className="mt-1 text-sm text-gray-600">{t('people.findIntro')}</p>
      <div className="mt-4">
        {suggestions.isPending ? (
          <CardSkeletons count={3} />
        ) : isError ? (
          <ListError message={t('people.loadFailed')} onRetry={() => void suggestions.refetch()} />
        ) : people.length === 0 ? (
          <EmptyState>{t('people.empty')}</EmptyState>
        ) : (
          <ul className="divide-y divide-gray-100 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-gray-900/5">
            {people.map((person, index) => (
              <PersonRow key={person.id} person={person} index={index} isDetailed />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
