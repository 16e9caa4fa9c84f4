import { zodResolver } from '@hookform/resolvers/zod';
import {
  EMPLOYER_KINDS,
  EmployerVerificationInput,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  VERIFICATION_MESSAGES,
  type EmployerVerificationValues,
  type MyVerificationDto,
} from '@jamii/shared';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { EmployerBadge } from '../../components/employer-badge';
import { TextField } from '../../components/form-fields';
import { ListError } from '../../components/list-states';
import { ApiError, errorMessage } from '../../lib/api';
import { authStore, useAuth } from '../../lib/auth';
import { localize, t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { useGuardedSubmit } from '../../lib/use-submit-guard';
import { useMyVerification, useRequestVerification } from './api';

const cardClass = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6';
const FIELDS = ['kind', 'legal_name', 'kra_pin', 'registration_no', 'nea_licence_no'] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

/** The PDF's own check before it is sent; the server checks its bytes again. */
function documentProblem(file: File | null): string | null {
  if (!file) return VERIFICATION_MESSAGES.document;
  if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf'))
    return VERIFICATION_MESSAGES.notPdf;
  if (file.size > VERIFICATION_DOCUMENT_MAX_BYTES) return VERIFICATION_MESSAGES.tooLarge;
  return null;
}

/** `/settings/employer`: the member's verification, then the form to ask (again). */
export function EmployerVerificationPage() {
  const mine = useMyVerification();
  const { user } = useAuth();
  const approved = mine.data?.employer_verified === true;
  // The signed-in member's own copy (the profile reads it) learns of an approval made since login.
  useEffect(() => {
    if (approved && user && !user.employer_verified) void authStore.refreshUser();
  }, [approved, user]);
  return (
    <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-gray-900">{t('employer.title')}</h1>
      {mine.isPending ? (
        <p role="status" className="text-sm text-gray-600">
          {t('common.loading')}
        </p>
      ) : mine.isError ? (
        <ListError message={t('employer.loadFailed')} onRetry={() => void mine.refetch()} />
      ) : (
        <>
          <VerificationStatusCard mine={mine.data} />
          {mine.data.request?.status !== 'pending' && !mine.data.employer_verified && <RequestForm />}
        </>
      )}
    </main>
  );
}

function VerificationStatusCard({ mine }: { mine: MyVerificationDto }) {
  const request = mine.request;
  if (!request) return null;
  const name = request.legal_name;
  const tone =
    request.status === 'approved'
      ? 'bg-brand-50 ring-brand-600/30'
      : request.status === 'rejected'
        ? 'bg-red-50 ring-red-600/30'
        : 'bg-gray-50 ring-gray-300';
  return (
    <section aria-label={t('employer.title')} role="status" className={`rounded-2xl p-4 ring-1 ${tone}`}>
      <p className="font-semibold text-gray-900">
        {t(`employer.status.${request.status}`, { name })}
        {request.status === 'approved' && <EmployerBadge member={mine} />}
      </p>
      {request.note && (
        <p className="mt-1 whitespace-pre-line break-words text-sm text-gray-800">
          {t('employer.status.note', { note: request.note })}
        </p>
      )}
      {request.status === 'rejected' && (
        <p className="mt-1 text-sm text-gray-700">{t('employer.status.again')}</p>
      )}
    </section>
  );
}

function RequestForm() {
  const toast = useToast();
  const send = useRequestVerification();
  const [document, setDocument] = useState<File | null>(null);
  const [documentError, setDocumentError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof EmployerVerificationInput>, unknown, EmployerVerificationValues>({
    resolver: zodResolver(EmployerVerificationInput),
    mode: 'onTouched',
    defaultValues: { kind: 'company', legal_name: '', kra_pin: '', registration_no: '', nea_licence_no: '' },
  });
  const kind = useWatch({ control, name: 'kind' });

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    setDocument(file);
    setDocumentError(file ? documentProblem(file) : null);
  }

  async function submit(values: EmployerVerificationValues) {
    const problem = documentProblem(document);
    if (problem || !document) return setDocumentError(problem);
    try {
      await send.mutateAsync({ values, document });
      toast.success(t('employer.sent'));
    } catch (error) {
      const fields = Object.entries(error instanceof ApiError ? (error.errors ?? {}) : {});
      for (const [field, message] of fields) {
        if (isField(field)) setError(field, { type: 'server', message });
        else if (field === 'document') setDocumentError(message);
      }
      if (fields.length === 0) toast.error(errorMessage(error, t('employer.failed')));
    }
  }
  // The PDF is checked with the fields, so every problem shows at once.
  const onSubmit = useGuardedSubmit((event) => {
    setDocumentError(documentProblem(document));
    return handleSubmit(submit)(event);
  });

  return (
    <section aria-labelledby="employer-form-title" className={cardClass}>
      <h2 id="employer-form-title" className="text-lg font-bold text-gray-900">
        {t('employer.settingsLink')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('employer.intro')}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-gray-800">{t('employer.kind')}</legend>
          <div className="space-y-1">
            {EMPLOYER_KINDS.map((value) => (
              <label key={value} className="flex items-center gap-2 rounded-lg py-1 text-base text-gray-900">
                <input type="radio" value={value} className="size-5 accent-brand-700" {...register('kind')} />
                {t(`employer.kind.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={t('employer.legalName')}
          hint={t('employer.legalNameHint')}
          autoComplete="organization"
          error={errors.legal_name?.message}
          {...register('legal_name')}
        />
        <TextField
          label={t('employer.kraPin')}
          hint={t('employer.kraPinHint')}
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.kra_pin?.message}
          {...register('kra_pin')}
        />
        <TextField
          label={t('employer.registrationNo')}
          spellCheck={false}
          error={errors.registration_no?.message}
          {...register('registration_no')}
        />
        {kind === 'agency' && (
          <TextField
            label={t('employer.neaLicence')}
            hint={t('employer.neaLicenceHint')}
            spellCheck={false}
            error={errors.nea_licence_no?.message}
            {...register('nea_licence_no')}
          />
        )}
        <div>
          <p id="employer-document-label" className="mb-1 text-sm font-medium text-gray-800">
            {t('employer.document')}
          </p>
          <input
            id="employer-document"
            type="file"
            accept="application/pdf,.pdf"
            aria-labelledby="employer-document-label"
            aria-invalid={documentError ? true : undefined}
            aria-describedby={documentError ? 'employer-document-error' : undefined}
            className="peer sr-only"
            onChange={pick}
          />
          <label
            htmlFor="employer-document"
            className={`cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${buttonClasses('secondary')}`}
          >
            {t('employer.choose')}
          </label>
          {document && (
            <p className="mt-1 break-all text-sm text-gray-700">
              {t('employer.chosen', { name: document.name })}
            </p>
          )}
          {documentError && (
            <p id="employer-document-error" className="mt-1 text-sm text-red-700">
              {localize(documentError)}
            </p>
          )}
        </div>
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary')}>
          {isSubmitting ? t('employer.submitting') : t('employer.submit')}
        </button>
      </form>
    </section>
  );
}
