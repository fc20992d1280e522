// /profile/social: the Instagram and TikTok fields, the
// links already connected, 'Save Changes' ('Saving...' while sending) and 'Back to Dashboard'.
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink, Link2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { SOCIAL_LINK_MESSAGES as S } from '#contract/profiles/messages';
import { socialLinksSchema } from '#contract/profiles/requests';
import type { SocialLinks } from '#contract/profiles/answers';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/inputs';
import { SocialIcon } from '@/components/layout/social-icon';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { BackLink, PageHeader, PageSection } from '@/components/ui/page-header';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { errorDetail, validationItems } from '@/lib/api/api-error';
import { applyFieldErrors } from '@/lib/api/form-errors';
import { selectUser } from '@/lib/auth/auth-slice';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { useAppSelector } from '@/lib/store/hooks';
import { notify } from '@/lib/toast';
import { useGetSocialLinksQuery, useUpdateSocialLinksMutation } from '../api/social-links';

type FormValues = z.input<typeof socialLinksSchema>;
type FormOutput = z.output<typeof socialLinksSchema>;
const FIELDS = ['instagram', 'tiktok'] as const;

const PLATFORMS = [
  { key: 'instagram' as const, name: 'Instagram' as const },
  { key: 'tiktok' as const, name: 'TikTok' as const },
];

function ConnectedLinks({ links, username }: { links: SocialLinks; username: string }) {
  const connected = PLATFORMS.filter((p) => links[p.key]);
  return (
    <section aria-labelledby="connected-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
      <h2 id="connected-heading" className="text-lg font-bold text-bone-50">
        <Trans>Connected links</Trans>
      </h2>
      {connected.length ? (
        <ul className="mt-3 space-y-2">
          {connected.map(({ key, name }) => (
            <li key={key}>
              <a
                href={links[key]!}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex max-w-full items-center gap-2 rounded text-bone-200 hover:text-blood-300"
              >
                <SocialIcon platform={name} className="size-5 shrink-0 text-blood-400" />
                <span className="sr-only">{name}:</span>
                <span className="truncate">{links[key]}</span>
                <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-bone-400">
          <Trans>No social links connected yet. Add them below so fans can follow you.</Trans>
        </p>
      )}
      <Link to={paths.profile(username)} className="mt-4 inline-block rounded text-sm font-medium text-blood-300 hover:text-blood-200">
        <Trans>See them on your public profile</Trans>
      </Link>
    </section>
  );
}

/** A username or an address: typed as is, never capitalised or corrected by a phone's keyboard. */
const HANDLE_INPUT = { type: 'text', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;

function SocialLinksForm({ links }: { links: SocialLinks }) {
  const [update, { isLoading: saving }] = useUpdateSocialLinksMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(socialLinksSchema),
    defaultValues: { instagram: links.instagram ?? '', tiktok: links.tiktok ?? '' },
  });
  const { t } = useLingui();
  const ct = useContractText();
  // Field messages are the contract's (the schema) or the server's.
  const fieldError = (message: string | undefined) => (message === undefined ? undefined : ct(message));

  const onValid = async (values: FormOutput) => {
    setFormError(null);
    try {
      const saved = await update(values).unwrap();
      // The fields show what is stored (https, no trailing slash).
      reset({ instagram: saved.instagram ?? '', tiktok: saved.tiktok ?? '' });
      notify.success(ct(S.updated));
    } catch (error) {
      const items = validationItems(error);
      const rest = items ? applyFieldErrors(items, setError, FIELDS) : [];
      const detail = errorDetail(error);
      const message = detail ? ct(detail) : rest.length ? rest.map((i) => ct(i.msg)).join(', ') : items ? null : ct(S.updateFailed);
      if (message) {
        setFormError(message);
        notify.error(message);
      }
    }
  };

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-5 rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
      <TextField
        label="Instagram"
        {...HANDLE_INPUT}
        placeholder={t`@yourname`}
        hint={t`Your Instagram username (@yourname) or profile address (instagram.com/yourname). Leave empty to remove it.`}
        error={fieldError(formState.errors.instagram?.message)}
        {...register('instagram')}
      />
      <TextField
        label="TikTok"
        {...HANDLE_INPUT}
        placeholder={t`@yourname`}
        hint={t`Your TikTok username (@yourname) or profile address (tiktok.com/@yourname). Leave empty to remove it.`}
        error={fieldError(formState.errors.tiktok?.message)}
        {...register('tiktok')}
      />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          {saving ? t`Saving...` : t`Save Changes`}
        </Button>
      </div>
    </form>
  );
}

export function SocialLinksPage() {
  const username = useAppSelector(selectUser)?.username ?? '';
  const links = useGetSocialLinksQuery(username, { skip: !username, refetchOnMountOrArgChange: true });
  const { t } = useLingui();
  const ct = useContractText();

  let body;
  if (links.isError) {
    body = (
      <ErrorPanel message={ct(S.loadFailed)}>
        <Button onClick={() => void links.refetch()}>
          <Trans>Retry</Trans>
        </Button>
      </ErrorPanel>
    );
  } else if (!links.data) {
    body = (
      <SkeletonGroup className="space-y-6">
        <Skeleton className="h-28 w-full rounded-2xl" />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </SkeletonGroup>
    );
  } else {
    body = (
      <div className="space-y-6">
        <ConnectedLinks links={links.data} username={username} />
        <SocialLinksForm key={`${links.data.instagram}|${links.data.tiktok}`} links={links.data} />
      </div>
    );
  }

  return (
    <PageSection width="max-w-2xl">
      <PageHeader
        back={
          <BackLink to={paths.dashboard()}>
            <Trans>Back to Dashboard</Trans>
          </BackLink>
        }
        title={
          <span className="inline-flex items-center gap-3">
            <Link2 aria-hidden="true" className="size-8 text-blood-400" /> <Trans>Social Links</Trans>
          </span>
        }
        subtitle={t`Connect your Instagram and TikTok so voters can follow you. The links show on your public profile.`}
      />
      {body}
    </PageSection>
  );
}
