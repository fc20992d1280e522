// The admin Groups page's embed box: a group's live leaderboard as a copy-paste frame for the
// organizer's own site, with its live preview. The sites that may frame it are listed on the Site page.
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ContestGroup } from '#contract/contests/answers';
import { EmbedSnippet } from '@/components/embeds/embed-snippet';
import { inputClass, labelClass } from '@/components/form/field-styles';
import { paths } from '@/lib/paths';

export function GroupEmbed({ groups }: { groups: readonly ContestGroup[] }) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<number | null>(null);
  const selectId = useId();
  const group = groups.find((g) => g.id === chosen) ?? groups[0];
  if (!group) return null;
  const shown = group.group_number;
  return (
    <section aria-labelledby="group-embed" className="mt-10 rounded-lg border border-night-700 bg-night-900 p-4 sm:p-6">
      <h2 id="group-embed" className="font-display text-xl font-bold text-bone-50">
        <Trans>Embed a live leaderboard</Trans>
      </h2>
      <p className="mt-1 text-sm text-bone-200">
        <Trans>
          Paste this frame into your own site: the group's standings move live as votes come in. Only the sites listed on the{' '}
          <Link to={paths.admin.site()} className="underline underline-offset-2 hover:text-blood-300">
            Site page
          </Link>{' '}
          may show it.
        </Trans>
      </p>
      <div className="mt-4 max-w-xs">
        <label htmlFor={selectId} className={labelClass}>
          <Trans>Group</Trans>
        </label>
        <select id={selectId} value={group.id} onChange={(e) => setChosen(Number(e.target.value))} className={inputClass(false)}>
          {groups.map((g) => {
            const number = g.group_number;
            return (
              <option key={g.id} value={g.id}>
                {t`Group ${number}`}
              </option>
            );
          })}
        </select>
      </div>
      <div className="mt-4">
        <EmbedSnippet
          key={group.id}
          path={paths.embed.leaderboard(group.id)}
          title={t`Group ${shown} live leaderboard`}
          width={420}
          height={560}
          compactHeight={380}
        />
      </div>
    </section>
  );
}
