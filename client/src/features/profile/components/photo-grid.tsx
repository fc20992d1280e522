import { Trans, useLingui } from '@lingui/react/macro';
import { PROFILE_MESSAGES as P } from '#contract/profiles/messages';
import { ResponsivePicture } from '@/components/ui/responsive-picture';
import { useContractText } from '@/lib/i18n/contract-text';

/**
 * A cell's width: two columns on a phone, three from 640 px (the page's and the card's margins taken
 * off), a third of the main column from 1024 px (186-228 px).
 */
const GRID_SIZES = '(min-width: 1024px) 230px, (min-width: 640px) calc(33vw - 40px), calc(50vw - 46px)';

/** The contestant's photos, or 'No photos available yet'. */
export function PhotoGrid({ pictures, name }: { pictures: string[]; name: string }) {
  const { t } = useLingui();
  const ct = useContractText();
  return (
    <section aria-labelledby="photos-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
      <h2 id="photos-heading" className="text-xl font-bold text-bone-50">
        <Trans>Photos</Trans>
      </h2>
      {pictures.length ? (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {pictures.map((src, i) => {
            const number = i + 1;
            return (
              <li key={`${src}-${i}`}>
                <ResponsivePicture
                  src={src}
                  alt={t`${name}, photo ${number}`}
                  sizes={GRID_SIZES}
                  width={640}
                  height={640}
                  className="aspect-square h-auto w-full rounded-xl object-cover"
                />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-4 rounded-xl border border-dashed border-night-600 p-8 text-center text-bone-400">{ct(P.noPhotos)}</p>
      )}
    </section>
  );
}
