// /admin/site: the site's name, logo, colours (checked for contrast as they are typed, with a preview),
// charity and e-mail sender name. A save is shown at once on every page, this one's header included.
import { Trans, useLingui } from '@lingui/react/macro';
import { ImageUp, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { AdminSiteSettings } from '#contract/site/answers';
import { SITE_LIMITS, SITE_LOGO } from '#contract/site/constants';
import { SITE_MESSAGES as M } from '#contract/site/messages';
import type { SiteSettingsUpdateIn } from '#contract/site/requests';
import { checkContrast, isSiteColor } from '#contract/site/theme';
import { FormAlert } from '@/components/form/form-alert';
import { Field } from '@/components/form/field';
import { inputClass } from '@/components/form/field-styles';
import { TextField } from '@/components/form/inputs';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError, failureText, itemField, validationItems } from '@/lib/api/api-error';
import { useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';
import { ColourCheck } from '../components/colour-check';
import { EmbedOriginsSection } from '../components/embed-origins-section';
import { useGetAdminSiteQuery, useRemoveLogoMutation, useSaveSiteMutation, useUploadLogoMutation } from '../api/site-settings';

/** The form's fields as typed (the share as text, so it may be empty while typed). */
interface Draft {
  site_name: string;
  accent_color: string;
  background_color: string;
  charity_name: string;
  charity_beneficiary: string;
  charity_share: string;
  charity_url: string;
  mail_sender_name: string;
}

const draftOf = (s: AdminSiteSettings): Draft => ({
  site_name: s.site_name,
  accent_color: s.accent_color,
  background_color: s.background_color,
  charity_name: s.charity_name,
  charity_beneficiary: s.charity_beneficiary,
  charity_share: String(s.charity_share),
  charity_url: s.charity_url ?? '',
  mail_sender_name: s.mail_sender_name,
});

const bodyOf = (d: Draft): SiteSettingsUpdateIn => ({
  ...d,
  charity_share: d.charity_share.trim() === '' ? Number.NaN : Number(d.charity_share),
  charity_url: d.charity_url.trim() || null,
});

export function AdminSitePage() {
  const { data, isLoading, error, refetch } = useGetAdminSiteQuery();
  const { t } = useLingui();
  const ct = useContractText();
  let content;
  if (isLoading) {
    content = (
      <div className="space-y-4" aria-busy="true" aria-label={t`Loading the site's settings`}>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  } else if (!data) {
    content = (
      <ErrorPanel message={ct(failureText(error, M.loadFailed))}>
        <Button variant="outline" onClick={() => void refetch()}>
          <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  } else {
    content = (
      <>
        <LogoSection settings={data} />
        <SettingsForm key={data.updated_at} settings={data} />
        <EmbedOriginsSection />
      </>
    );
  }
  return (
    <PageSection width="max-w-4xl">
      <PageHeader
        title={t`Site`}
        subtitle={<Trans>The site's name, logo, colours, charity and e-mail sender, shown at once on every page and e-mail.</Trans>}
      />
      {content}
    </PageSection>
  );
}

const sectionClass = 'mb-8 rounded-lg border border-night-700 bg-night-900 p-4 sm:p-6';
const headingClass = 'mb-4 font-display text-xl font-bold text-bone-50';

function LogoSection({ settings }: { settings: AdminSiteSettings }) {
  const [upload, uploading] = useUploadLogoMutation();
  const [remove, removing] = useRemoveLogoMutation();
  const [chosen, setChosen] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { t } = useLingui();
  const ct = useContractText();

  useEffect(() => {
    // A browser without object addresses shows no preview; the upload still works.
    if (!chosen || typeof URL.createObjectURL !== 'function') return setPreview(null);
    const url = URL.createObjectURL(chosen);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [chosen]);

  const choose = (file: File | null) => {
    setProblem(null);
    if (file && file.size > SITE_LOGO.maxBytes) {
      setChosen(null);
      setProblem(ct(M.logoTooLarge));
      return;
    }
    setChosen(file);
  };
  const save = async () => {
    if (!chosen) return setProblem(ct(M.logoMissing));
    try {
      await upload(chosen).unwrap();
      setChosen(null);
      if (input.current) input.current.value = '';
      notify.success(ct(M.logoSaved));
    } catch (err) {
      setProblem(ct(describeError(err)));
    }
  };
  const drop = async () => {
    setProblem(null);
    try {
      await remove().unwrap();
      notify.success(ct(M.logoRemoved));
    } catch (err) {
      setProblem(ct(describeError(err)));
    }
  };
  const shown = preview ?? settings.logo_url;
  const busy = uploading.isLoading || removing.isLoading;
  const siteName = settings.site_name;
  const megabytes = SITE_LOGO.maxBytes / 1024 / 1024;
  const side = SITE_LOGO.maxSide;
  return (
    <section aria-labelledby="site-logo" className={sectionClass}>
      <h2 id="site-logo" className={headingClass}>
        <Trans>Logo</Trans>
      </h2>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex h-20 w-40 shrink-0 items-center justify-center rounded-md border border-night-600 bg-night-950 p-2">
          {shown ? (
            <img src={shown} alt={preview ? t`The chosen logo` : t`${siteName} logo`} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-xs text-bone-400">
              <Trans>No logo: the name is shown</Trans>
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <Field label={t`Picture`} hint={t`PNG or JPEG, up to ${megabytes} MB and ${side} pixels a side.`}>
            {(control) => (
              <input
                ref={input}
                type="file"
                accept={SITE_LOGO.accept}
                {...control}
                onChange={(e) => choose(e.target.files?.[0] ?? null)}
                className="block w-full text-sm text-bone-200 file:mr-3 file:rounded-md file:border-0 file:bg-night-700 file:px-3 file:py-2 file:text-bone-50"
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void save()} disabled={!chosen || busy} aria-busy={uploading.isLoading}>
              <ImageUp aria-hidden="true" className="size-4" />
              {uploading.isLoading ? t`Uploading…` : t`Upload Logo`}
            </Button>
            {settings.logo_url ? (
              <Button variant="outline" onClick={() => void drop()} disabled={busy} aria-busy={removing.isLoading}>
                <Trash2 aria-hidden="true" className="size-4" />
                <Trans>Remove Logo</Trans>
              </Button>
            ) : null}
          </div>
          {problem ? <FormAlert>{problem}</FormAlert> : null}
        </div>
      </div>
    </section>
  );
}

function SettingsForm({ settings }: { settings: AdminSiteSettings }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [save, saving] = useSaveSiteMutation();
  const { t } = useLingui();
  const ct = useContractText();

  const set = (name: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
    setSaved(false);
  };
  const colours = isSiteColor(draft.accent_color.toLowerCase()) && isSiteColor(draft.background_color.toLowerCase());
  const unreadable = colours && checkContrast(draft.accent_color.toLowerCase(), draft.background_color.toLowerCase()).some((c) => !c.passes);
  const senderName = draft.mail_sender_name.trim() || '…';
  const fromAddress = settings.mail_from_address;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSaved(false);
    try {
      await save(bodyOf(draft)).unwrap();
      setSaved(true);
      notify.success(ct(M.saved));
    } catch (err) {
      const items = validationItems(err);
      if (items) {
        const byField: Partial<Record<keyof Draft, string>> = {};
        for (const item of items) {
          const field = itemField(item) as keyof Draft | undefined;
          if (field && field in draft) byField[field] ??= ct(item.msg);
        }
        setErrors(byField);
        setProblem(ct(M.saveFailed));
      } else {
        setProblem(ct(describeError(err)));
      }
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t`The site's settings`}>
      <section aria-labelledby="site-name" className={sectionClass}>
        <h2 id="site-name" className={headingClass}>
          <Trans>Name</Trans>
        </h2>
        <TextField
          label={t`Site name`}
          required
          maxLength={SITE_LIMITS.siteName}
          value={draft.site_name}
          onChange={(e) => set('site_name')(e.target.value)}
          error={errors.site_name}
          hint={t`In the header, the page titles, the e-mails and the share cards.`}
        />
      </section>

      <section aria-labelledby="site-colours" className={sectionClass}>
        <h2 id="site-colours" className={headingClass}>
          <Trans>Colours</Trans>
        </h2>
        <div className="mb-4 grid gap-4 sm:grid-cols-2">
          <ColourField
            label={t`Accent colour`}
            value={draft.accent_color}
            onChange={set('accent_color')}
            error={errors.accent_color}
            hint={t`Buttons, links, highlights.`}
          />
          <ColourField
            label={t`Background colour`}
            value={draft.background_color}
            onChange={set('background_color')}
            error={errors.background_color}
            hint={t`The page; cards and borders are made from it.`}
          />
        </div>
        <ColourCheck accent={draft.accent_color.toLowerCase()} background={draft.background_color.toLowerCase()} />
      </section>

      <section aria-labelledby="site-charity" className={sectionClass}>
        <h2 id="site-charity" className={headingClass}>
          <Trans>Charity</Trans>
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Charity's name`}
            required
            maxLength={SITE_LIMITS.charityName}
            value={draft.charity_name}
            onChange={(e) => set('charity_name')(e.target.value)}
            error={errors.charity_name}
          />
          <TextField
            label={t`Who the donations help`}
            required
            maxLength={SITE_LIMITS.charityBeneficiary}
            value={draft.charity_beneficiary}
            onChange={(e) => set('charity_beneficiary')(e.target.value)}
            error={errors.charity_beneficiary}
          />
          <TextField
            label={t`Share of each purchase (%)`}
            required
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={draft.charity_share}
            onChange={(e) => set('charity_share')(e.target.value)}
            error={errors.charity_share}
          />
          <TextField
            label={t`Charity's website`}
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={SITE_LIMITS.charityUrl}
            value={draft.charity_url}
            onChange={(e) => set('charity_url')(e.target.value)}
            error={errors.charity_url}
            hint={t`Optional; https only.`}
          />
        </div>
      </section>

      <section aria-labelledby="site-mail" className={sectionClass}>
        <h2 id="site-mail" className={headingClass}>
          <Trans>E-mail sender</Trans>
        </h2>
        <TextField
          label={t`Sender name`}
          required
          maxLength={SITE_LIMITS.mailSenderName}
          value={draft.mail_sender_name}
          onChange={(e) => set('mail_sender_name')(e.target.value)}
          error={errors.mail_sender_name}
          hint={t`E-mails come from "${senderName}" <${fromAddress}>.`}
        />
      </section>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" disabled={saving.isLoading || unreadable} aria-busy={saving.isLoading}>
          {saving.isLoading ? t`Saving…` : t`Save Settings`}
        </Button>
        {unreadable ? (
          <p className="text-sm text-blood-300">
            <Trans>Choose colours that pass every readability check to save.</Trans>
          </p>
        ) : null}
      </div>
      <div className="mt-4">
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        {saved && !problem ? <FormAlert tone="success">{ct(M.saved)}</FormAlert> : null}
      </div>
    </form>
  );
}

/** A colour as #rrggbb text (typed or pasted) beside the browser's colour picker; both change it. */
function ColourField({ label, value, onChange, error, hint }: { label: string; value: string; onChange: (v: string) => void; error?: string; hint?: string }) {
  const valid = isSiteColor(value.toLowerCase());
  const { t } = useLingui();
  return (
    <Field label={label} error={error} hint={hint} required>
      {(control) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={t`${label} picker`}
            value={valid ? value.toLowerCase() : '#000000'}
            onChange={(e) => onChange(e.target.value)}
            className="h-11 w-14 shrink-0 cursor-pointer rounded-md border border-night-600 bg-night-900 p-1"
          />
          <input
            {...control}
            type="text"
            spellCheck={false}
            autoCapitalize="off"
            maxLength={7}
            pattern="#[0-9a-fA-F]{6}"
            value={value}
            onChange={(e) => onChange(e.target.value.trim())}
            className={`${inputClass(Boolean(error) || !valid)} font-mono`}
          />
        </div>
      )}
    </Field>
  );
}
