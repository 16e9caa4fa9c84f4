import type { ChangeEvent } from 'react';
import { Avatar } from '../../components/avatar';
import { buttonClasses } from '../../components/button-styles';
import { CameraIcon } from '../../components/icons';
import { t } from '../../lib/i18n';
import type { PickedImage } from '../../lib/use-picked-image';
import { authLinkClass } from './auth-layout';

interface SignupPictureFieldProps {
  picture: PickedImage;
  /** The name and username typed so far, for the avatar's initials and colour. */
  name: string | undefined;
  username: string | undefined;
  error: string | null;
  onErrorChange: (error: string | null) => void;
}

/** Signup's optional profile picture: the avatar as it will look, Choose or Change, and Remove. */
export function SignupPictureField({
  picture,
  name,
  username,
  error,
  onErrorChange,
}: SignupPictureFieldProps) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    // Cleared so that choosing the same file again after Remove still counts as a change.
    event.target.value = '';
    if (!file) return;
    onErrorChange(null);
    picture.pick(file);
  }

  return (
    <fieldset>
      <legend className="mb-2 block text-sm font-medium text-gray-800">{t('auth.signup.picture')}</legend>
      <div className="flex items-center gap-4">
        <Avatar person={{ name, username, profile_pic: picture.previewUrl }} size="lg" />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <input
            id="signup-picture"
            type="file"
            accept="image/*"
            className="peer sr-only"
            aria-describedby={error ? 'signup-picture-error' : undefined}
            onChange={handleChange}
          />
          <label
            htmlFor="signup-picture"
            className={`cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${buttonClasses('secondary')}`}
          >
            <CameraIcon className="size-4" />
            {picture.file ? t('auth.signup.changePicture') : t('auth.signup.choosePicture')}
          </label>
          {picture.file && (
            <button
              type="button"
              onClick={() => {
                picture.pick(null);
                onErrorChange(null);
              }}
              className={`text-sm ${authLinkClass}`}
            >
              {t('auth.signup.removePicture')}
            </button>
          )}
        </div>
      </div>
      {error && (
        <p id="signup-picture-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
