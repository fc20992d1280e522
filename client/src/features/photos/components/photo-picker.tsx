// Adding photos: a file picker (keyboard: the labelled input) and a drop zone around it.
import { Trans } from '@lingui/react/macro';
import { ImagePlus } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { PHOTO_EXTENSIONS, PHOTO_TYPES } from '#contract/profiles/constants';

interface Props {
  disabled: boolean;
  onFiles: (files: File[]) => void;
}

const ACCEPT = [...PHOTO_TYPES, ...PHOTO_EXTENSIONS].join(',');

export function PhotoPicker({ disabled, onFiles }: Props) {
  const id = useId();
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled && e.dataTransfer.files.length) onFiles([...e.dataTransfer.files]);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="photo-drop-zone"
      className={`rounded-xl border-2 border-dashed p-6 text-center transition-colors focus-within:border-blood-400 ${
        over ? 'border-blood-400 bg-blood-900/30' : 'border-night-600'
      } ${disabled ? 'opacity-60' : ''}`}
    >
      <ImagePlus aria-hidden="true" className="mx-auto size-10 text-blood-400" />
      <label htmlFor={id} className={`mt-3 block font-semibold text-bone-50 ${disabled ? 'cursor-not-allowed' : 'cursor-pointer hover:text-blood-300'}`}>
        <Trans>Add Photos</Trans>
      </label>
      <p className="mt-1 text-sm text-bone-400">
        <Trans>Choose files or drop them here</Trans>
      </p>
      <input
        id={id}
        type="file"
        multiple
        accept={ACCEPT}
        disabled={disabled}
        className="sr-only"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
