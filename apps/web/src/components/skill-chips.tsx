import { t } from '../lib/i18n';

/** A member's skills as small chips: the first `max`, then "+N" for the rest. */
export function SkillChips({ skills, max = 3 }: { skills: readonly string[]; max?: number }) {
  if (skills.length === 0) return null;
  const shown = skills.slice(0, max);
  const rest = skills.slice(max);
  return (
    <ul aria-label={t('profile.skillsLabel')} className="mt-1.5 flex min-w-0 flex-wrap gap-1.5">
      {shown.map((skill) => (
        <li
          key={skill}
          className="max-w-full truncate rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200"
        >
          {skill}
        </li>
      ))}
      {rest.length > 0 && (
        <li
          title={rest.join(', ')}
          className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 ring-1 ring-gray-300"
        >
          <span aria-hidden="true">{t('profile.moreSkills', { count: rest.length })}</span>
          <span className="sr-only">
            {t('profile.moreSkillsLabel', { count: rest.length, skills: rest.join(', ') })}
          </span>
        </li>
      )}
    </ul>
  );
}
