// The dashboard's "E-mails about your race": a switch per kind of contestant e-mail, saved as it is
// flipped (the switch waits, disabled, for the answer; a failure says so and leaves it as it was).
import { Trans } from '@lingui/react/macro';
import { Mail } from 'lucide-react';
import { MAIL_KINDS, type MailKind } from '#contract/mail/constants';
import { MAIL_KIND_TEXT, MAIL_MESSAGES as M } from '#contract/mail/messages';
import { CardLoadError } from '@/components/ui/error-panel';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';
import { useGetMailPreferencesQuery, useUpdateMailPreferencesMutation } from '@/lib/api/mail-preferences';

export function MailPreferencesCard({ username }: { username: string }) {
  const { data, isError, refetch } = useGetMailPreferencesQuery(username);
  const [update, { isLoading: saving, originalArgs }] = useUpdateMailPreferencesMutation();
  const pending = saving ? originalArgs?.change : undefined;
  const ct = useContractText();

  const toggle = async (kind: MailKind, on: boolean) => {
    try {
      await update({ username, change: { [kind]: on } }).unwrap();
      notify.success(ct(M.saved));
    } catch {
      notify.error(ct(M.saveFailed));
    }
  };

  let body;
  if (data) {
    body = (
      <ul className="mt-4 space-y-4">
        {MAIL_KINDS.map((kind) => {
          const id = `mail-kind-${kind}`;
          const checked = pending && kind in pending ? Boolean(pending[kind]) : data[kind];
          return (
            <li key={kind} className="flex items-start gap-3">
              <input
                id={id}
                type="checkbox"
                role="switch"
                checked={checked}
                disabled={saving}
                aria-describedby={`${id}-hint`}
                onChange={(e) => void toggle(kind, e.target.checked)}
                className="mt-1 size-5 shrink-0 cursor-pointer rounded border-night-600 bg-night-900 accent-blood-600 disabled:cursor-wait"
              />
              <div>
                <label htmlFor={id} className="cursor-pointer font-semibold text-bone-50">
                  {ct(MAIL_KIND_TEXT[kind].label)}
                </label>
                <p id={`${id}-hint`} className="text-sm text-bone-400">
                  {ct(MAIL_KIND_TEXT[kind].hint)}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    );
  } else if (isError) {
    body = <CardLoadError message={ct(M.loadFailed)} onRetry={() => void refetch()} />;
  } else {
    body = (
      <SkeletonGroup className="mt-4 space-y-4">
        {MAIL_KINDS.map((kind) => (
          <Skeleton key={kind} className="h-10 w-full" />
        ))}
      </SkeletonGroup>
    );
  }

  return (
    <section aria-labelledby="mail-preferences-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
      <h2 id="mail-preferences-heading" className="flex items-center gap-2 text-xl font-bold text-bone-50">
        <Mail aria-hidden="true" className="size-5 text-blood-400" /> <Trans>E-mails about your race</Trans>
      </h2>
      <p className="mt-1 text-sm text-bone-400">
        <Trans>Every e-mail also has a link to stop its kind, no sign-in needed.</Trans>
      </p>
      {body}
    </section>
  );
}
