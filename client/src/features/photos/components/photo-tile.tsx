// One photo of the editor: the picture, its place, and its actions (remove; make main for a saved one).
import { Trans, useLingui } from '@lingui/react/macro';
import { Star, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { ResponsivePicture } from '@/components/ui/responsive-picture';

interface Props {
  src: string;
  index: number;
  /** Not uploaded yet: shown from the chosen file. */
  isNew: boolean;
  disabled: boolean;
  /**
   * Why this photo cannot be removed (it is the last one), shown under it and read with its remove
   * button, which stays focusable (aria-disabled) so the reason can be reached and heard.
   */
  removeBlocked?: string;
  onRemove: () => void;
  onMakeMain?: () => void;
}

/** A tile's width: two columns on a phone, three from 640 px, the page's and the card's margins taken off. */
const TILE_SIZES = '(min-width: 1024px) 275px, (min-width: 640px) calc(33vw - 41px), calc(50vw - 39px)';

const action =
  'inline-flex size-10 items-center justify-center rounded-full bg-night-950/85 text-bone-50 shadow-lg hover:bg-blood-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blood-400 disabled:cursor-not-allowed disabled:opacity-60';

export function PhotoTile({ src, index, isNew, disabled, removeBlocked, onRemove, onMakeMain }: Props) {
  const number = index + 1;
  const { t } = useLingui();
  const label = t`Photo ${number}`;
  const reasonId = useId();
  return (
    <li className="relative overflow-hidden rounded-xl border border-night-700 bg-night-800" data-testid="photo-tile">
      {isNew ? (
        <img src={src} alt={t`Photo ${number} (not saved yet)`} width={640} height={640} className="aspect-square h-auto w-full object-cover" />
      ) : (
        <ResponsivePicture src={src} alt={label} sizes={TILE_SIZES} width={640} height={640} className="aspect-square h-auto w-full object-cover" />
      )}
      <div className="absolute left-2 top-2 flex gap-1">
        {index === 0 ? (
          <span className="rounded-full bg-blood-600 px-2 py-0.5 text-xs font-bold text-bone-50">
            <Trans>Main</Trans>
          </span>
        ) : null}
        {isNew ? (
          <span className="rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold text-night-950">
            <Trans>New</Trans>
          </span>
        ) : null}
      </div>
      <div className="absolute right-2 top-2 flex gap-2">
        {onMakeMain ? (
          <button type="button" className={action} onClick={onMakeMain} disabled={disabled} aria-label={t`Make photo ${number} the main photo`}>
            <Star aria-hidden="true" className="size-4" />
          </button>
        ) : null}
        <button
          type="button"
          className={`${action} aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-night-950/85`}
          onClick={onRemove}
          disabled={disabled}
          aria-disabled={removeBlocked ? true : undefined}
          aria-describedby={removeBlocked ? reasonId : undefined}
          aria-label={t`Remove photo ${number}`}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
      {removeBlocked ? (
        <p id={reasonId} className="border-t border-night-700 px-3 py-2 text-sm text-bone-200">
          {removeBlocked}
        </p>
      ) : null}
    </li>
  );
}
