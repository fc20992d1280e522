// The admin Site page's "Embeds" section: the sites (origins) that may frame the embed pages, one a
// line. Each line is checked as typed (scheme://host[:port], no path, no wildcard), the server checks
// again; a save is effective at once on every process and recorded in the audit log.
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { embedOrigin } from '#contract/embeds/constants';
import { EMBED_MESSAGES as E } from '#contract/site/messages';
import { FormAlert } from '@/components/form/form-alert';
import { inputClass, labelClass } from '@/components/form/field-styles';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError, failureText } from '@/lib/api/api-error';
import { useContractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';
import { useGetEmbedOriginsQuery, useSaveEmbedOriginsMutation } from '../api/site-settings';

const linesOf = (text: string): string[] =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

function OriginsForm({ origins, fromEnvironment }: { origins: string[]; fromEnvironment: boolean }) {
  const ct = useContractText();
  const [text, setText] = useState(origins.join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const [save, saving] = useSaveEmbedOriginsMutation();
  const fieldId = useId();
  const hintId = useId();
  const invalid = linesOf(text).filter((line) => embedOrigin(line) === null);
  const wrong = invalid.join(', ');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (invalid.length) return setProblem(ct(E.originInvalid));
    try {
      const saved = await save({ origins: linesOf(text) }).unwrap();
      setText(saved.origins.join('\n'));
      notify.success(ct(E.saved));
    } catch (err) {
      setProblem(ct(describeError(err)));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
      <div>
        <label htmlFor={fieldId} className={labelClass}>
          <Trans>Sites that may frame the embeds</Trans>
        </label>
        <textarea
          id={fieldId}
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={hintId}
          aria-invalid={invalid.length > 0 || undefined}
          placeholder="https://organizer.example.org"
          className={`${inputClass(invalid.length > 0)} font-mono text-sm`}
        />
        <p id={hintId} className="mt-1.5 text-xs text-bone-400">
          <Trans>
            One origin a line, like https://organizer.example.org or http://localhost:8080: no path, no wildcard. Leave it empty and no other site may frame
            them.
          </Trans>
        </p>
        {invalid.length ? (
          <p className="mt-1.5 text-sm text-blood-300">
            <Trans>Not an origin: {wrong}</Trans>
          </p>
        ) : null}
      </div>
      {fromEnvironment ? (
        <p className="text-xs text-bone-400">
          <Trans>This list comes from EMBED_ORIGINS until you save one here.</Trans>
        </p>
      ) : null}
      <Button type="submit" disabled={saving.isLoading} aria-busy={saving.isLoading}>
        <Trans>Save Embed Sites</Trans>
      </Button>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
    </form>
  );
}

export function EmbedOriginsSection() {
  const { t } = useLingui();
  const ct = useContractText();
  const { data, isLoading, error } = useGetEmbedOriginsQuery();
  return (
    <section aria-labelledby="site-embeds" className="mb-8 rounded-lg border border-night-700 bg-night-900 p-4 sm:p-6">
      <h2 id="site-embeds" className="mb-2 font-display text-xl font-bold text-bone-50">
        <Trans>Embeds</Trans>
      </h2>
      <p className="mb-4 text-sm text-bone-200">
        <Trans>
          A group's live leaderboard and a contestant's vote card can be shown on other sites in a frame. Only the sites listed here may frame them; no other
          page of this site can be framed.
        </Trans>
      </p>
      {isLoading ? (
        <Skeleton className="h-32 w-full" aria-label={t`Loading`} />
      ) : data ? (
        <OriginsForm origins={data.origins} fromEnvironment={data.from_environment} />
      ) : (
        <FormAlert>{ct(failureText(error, E.loadFailed))}</FormAlert>
      )}
    </section>
  );
}
