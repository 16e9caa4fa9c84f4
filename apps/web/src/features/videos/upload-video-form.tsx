import { zodResolver } from '@hookform/resolvers/zod';
import { ErrorCode, VIDEO_LIMITS, VideoInput, type VideoInputValues } from '@jamii/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../lib/paths';
import { Banner } from '../../components/banner';
import { buttonClasses } from '../../components/button-styles';
import { TextAreaField, TextField } from '../../components/form-fields';
import { ApiError, errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { uploadVideo, videoQueryKeys } from './api';
import { formatMegabytes } from './format';
import { UploadIcon } from './media-icons';
import { ProgressBar } from '../../components/progress-bar';

/** The largest upload, as the server's default VIDEO_MAX_MB (README, Settings). */
export const VIDEO_MAX_MB = 200;
export const VIDEO_MAX_BYTES = VIDEO_MAX_MB * 1024 * 1024;

// Some phones hand a file over without a type; its name then decides.
const VIDEO_NAME = /\.(mp4|m4v|mov|webm|3gp|mkv)$/i;

/** The client's checks of a picked file (the server checks its content again); null when fine. */
export function checkVideoFile(file: File): string | null {
  const isVideo = file.type ? file.type.startsWith('video/') : VIDEO_NAME.test(file.name);
  if (!isVideo) return t('videoUpload.notAVideo');
  if (file.size === 0) return t('videoUpload.emptyFile');
  if (file.size > VIDEO_MAX_BYTES) {
    return t('videoUpload.tooLarge', { size: formatMegabytes(file.size), max: VIDEO_MAX_MB });
  }
  return null;
}

/** What the member reads when the server refuses the upload. */
function uploadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return t('videoUpload.failed');
  // Full storage is a 413 too; its message (in the member's language) says what to do.
  if (error.code === ErrorCode.STORAGE_QUOTA_EXCEEDED) return error.message;
  if (error.status === 413) return t('videoUpload.tooLargeServer', { max: VIDEO_MAX_MB });
  if (error.status === 503 || error.code === ErrorCode.VIDEO_PROCESSING_UNAVAILABLE)
    return t('videoUpload.unavailable');
  if (error.status === 415) return errorMessage(error, t('videoUpload.notAVideo'));
  if (error.status === 0) return error.message;
  return errorMessage(error, t('videoUpload.failed'));
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

type FormFields = keyof VideoInputValues;
const isFormField = (name: string): name is FormFields => name === 'title' || name === 'description';

/**
 * Upload a video (docs/design.md#behaviour-the-specification-leaves-open): title, description and the file, with a real progress bar. The server
 * decides short (60 s or less) or long; the member lands on /shorts or /videos accordingly.
 */
export function UploadVideoForm() {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const fileInputId = useId();
  const fileErrorId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploadRef = useRef<AbortController | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof VideoInput>, unknown, VideoInputValues>({
    resolver: zodResolver(VideoInput),
    mode: 'onTouched',
    defaultValues: { title: '', description: '' },
  });

  // Leaving the page stops an upload still running (it would spend data for nothing).
  useEffect(() => () => uploadRef.current?.abort(), []);

  const isUploading = progress !== null;

  function handlePick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setServerError(null);
    setFile(picked);
    setFileError(picked ? checkVideoFile(picked) : null);
  }

  async function handleUpload(values: VideoInputValues) {
    if (!file || checkVideoFile(file)) return;
    const controller = new AbortController();
    uploadRef.current = controller;
    setServerError(null);
    setProgress(0);
    try {
      const video = await uploadVideo(
        { ...values, file },
        { onProgress: setProgress, signal: controller.signal },
      );
      void queryClient.invalidateQueries({ queryKey: videoQueryKeys.all });
      toast.success(t('videoUpload.done'));
      void navigate(video.kind === 'short' ? paths.shorts : paths.videos);
    } catch (error) {
      if (isAbort(error)) {
        toast.info(t('videoUpload.cancelled'));
        return;
      }
      const fieldErrors = Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {});
      for (const [field, message] of fieldErrors) {
        if (isFormField(field)) setError(field, { type: 'server', message });
        else if (field === 'video') setFileError(message);
      }
      if (fieldErrors.length === 0) setServerError(uploadErrorMessage(error));
    } finally {
      if (uploadRef.current === controller) uploadRef.current = null;
      setProgress(null);
    }
  }

  function handleFormSubmit(event: FormEvent<HTMLFormElement>) {
    if (!file) setFileError(t('videoUpload.chooseFile'));
    void handleSubmit(handleUpload)(event);
  }

  return (
    <form onSubmit={handleFormSubmit} noValidate className="flex flex-col gap-4">
      <div>
        <span className="mb-1 block text-sm font-medium text-gray-800">{t('videoUpload.video')}</span>
        <label
          htmlFor={fileInputId}
          className={`flex min-h-28 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-5 text-center has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 ${
            fileError
              ? 'border-red-600 bg-red-50'
              : 'border-gray-300 bg-gray-50 hover:border-brand-400 hover:bg-brand-50'
          } ${isUploading ? 'pointer-events-none opacity-60' : ''}`}
        >
          <UploadIcon className="size-7 text-brand-700" />
          <span className="font-semibold text-brand-700">
            {file ? t('videoUpload.changeFile') : t('videoUpload.chooseFileLabel')}
          </span>
          {file ? (
            <span className="max-w-full truncate text-sm text-gray-700">
              {t('videoUpload.fileSummary', { name: file.name, size: formatMegabytes(file.size) })}
            </span>
          ) : (
            <span className="text-sm text-gray-600">{t('videoUpload.fileHint', { max: VIDEO_MAX_MB })}</span>
          )}
          <input
            id={fileInputId}
            type="file"
            accept="video/*"
            onChange={handlePick}
            disabled={isUploading}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? fileErrorId : undefined}
            className="sr-only"
          />
        </label>
        {fileError && (
          <p id={fileErrorId} className="mt-1 text-sm text-red-700">
            {fileError}
          </p>
        )}
      </div>

      <TextField
        label={t('videoUpload.title')}
        maxLength={VIDEO_LIMITS.title}
        disabled={isUploading}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField
        label={t('videoUpload.description')}
        rows={3}
        maxLength={VIDEO_LIMITS.description}
        disabled={isUploading}
        error={errors.description?.message}
        {...register('description')}
      />

      {serverError && <Banner kind="error">{serverError}</Banner>}

      {isUploading && (
        <div className="flex flex-col gap-2">
          <div className="flex items-baseline justify-between text-sm font-medium text-gray-700">
            <span role="status">
              {progress < 99 ? t('videoUpload.uploading') : t('videoUpload.processing')}
            </span>
            <span className="tabular-nums">{progress}%</span>
          </div>
          <ProgressBar
            label={t('videoUpload.progress')}
            percent={progress}
            className="h-2.5 bg-gray-200"
            fillTestId="upload-progress-fill"
          />
        </div>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {isUploading && (
          <button
            type="button"
            onClick={() => uploadRef.current?.abort()}
            className={buttonClasses('secondary', 'lg')}
          >
            {t('common.cancel')}
          </button>
        )}
        <button type="submit" disabled={isUploading} className={buttonClasses('primary', 'lg')}>
          <UploadIcon className="size-5" />
          {isUploading ? t('videoUpload.submitting') : t('videoUpload.submit')}
        </button>
      </div>
    </form>
  );
}
