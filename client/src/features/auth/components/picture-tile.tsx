// One chosen picture: its preview, and buttons to replace or remove it.
import { Trans, useLingui } from '@lingui/react/macro';
import { ImageIcon, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';

const canPreview = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';

export function PictureTile({ file, index, onReplace, onRemove }: { file: File; index: number; onReplace: () => void; onRemove: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  // The object URL is made and revoked by the same effect, which keeps it valid under StrictMode.
  useEffect(() => {
    if (!canPreview()) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  const n = index + 1;
  const { t } = useLingui();
  return (
    <li className="group relative overflow-hidden rounded-lg border border-night-600 bg-night-800">
      <div className="aspect-square">
        {url ? (
          <img src={url} alt={t`Picture ${n} preview`} className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-bone-400">
            <ImageIcon aria-hidden="true" className="size-8" />
          </div>
        )}
      </div>
      <p className="truncate px-2 pt-1.5 text-xs text-bone-400" title={file.name}>
        {file.name}
      </p>
      <div className="grid gap-1 p-2 sm:grid-cols-2">
        <button
          type="button"
          onClick={onReplace}
          aria-label={t`Replace picture ${n}`}
          className="flex items-center justify-center gap-1 rounded bg-night-700 px-2 py-1.5 text-xs text-bone-50 hover:bg-night-600"
        >
          <RefreshCw aria-hidden="true" className="size-3.5" /> <Trans>Replace</Trans>
        </button>
        <button
          type="button"
          onClick={onRemove}
          aria-label={t`Remove picture ${n}`}
          className="flex items-center justify-center gap-1 rounded bg-blood-900/70 px-2 py-1.5 text-xs text-blood-300 hover:bg-blood-700 hover:text-bone-50"
        >
          <Trash2 aria-hidden="true" className="size-3.5" /> <Trans>Remove</Trans>
        </button>
      </div>
    </li>
  );
}
