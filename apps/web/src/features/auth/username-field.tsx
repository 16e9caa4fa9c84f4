import type { ComponentProps } from 'react';
import { TextField } from '../../components/form-fields';
import { t } from '../../lib/i18n';

/** The username box of login and signup: no capitals, corrections or spell-check forced on a handle. */
export function UsernameField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return (
    <TextField
      label={t('auth.username')}
      placeholder={t('auth.usernamePlaceholder')}
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      {...props}
    />
  );
}
