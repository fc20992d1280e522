// Registration picture uploader: drag and drop or browse, previews,
// replace or remove each, Remove All, and the type/count/size hints; it keeps only pictures (checked by
// content) and never more than the allowed count.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { PICTURES } from '#contract/profiles/constants';
import { labelClass } from '@/components/form/field-styles';
import { PICTURE_ACCEPT, screenFiles, toItem, type PictureItem } from '../utils/picture-files';
import { PictureTile } from './picture-tile';

interface PictureUploaderProps {
  items: PictureItem[];
  onChange: (items: PictureItem[]) => void;
  error?: string;
}

export function PictureUploader({ items, onChange, error }: PictureUploaderProps) {
  const inputId = useId();
  const addInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const replaceIndex = useRef<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  const { i18n } = useLingui();

  // The latest list, for a screening that finishes after another change.
  const latest = useRef(items);
  latest.current = items;

  const add = async (files: File[]) => {
    const { accepted, problem } = await screenFiles(files, Math.max(0, PICTURES.max - latest.current.length), i18n);
    setNotice(problem);
    if (accepted.length) onChange([...latest.current, ...accepted.map(toItem)]);
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    void add(files);
  };
  const onReplacePick = async (event: ChangeEvent<HTMLInputElement>) => {
    const index = replaceIndex.current;
    const files = Array.from(event.target.files ?? []).slice(0, 1);
    event.target.value = '';
    const { accepted, problem } = await screenFiles(files, 1, i18n);
    setNotice(problem);
    if (index === null || !accepted[0]) return;
    onChange(latest.current.map((item, i) => (i === index ? toItem(accepted[0]) : item)));
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void add(Array.from(event.dataTransfer?.files ?? []));
  };

  const errorId = `${inputId}-error`;
  const count = items.length;
  const message = error ?? notice;
  return (
    <div>
      <label htmlFor={inputId} className={`${labelClass} after:ml-0.5 after:text-blood-400 after:content-['*']`}>
        <Trans>Pictures</Trans>
      </label>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-lg border-2 border-dashed p-6 text-center transition-colors ${dragging ? 'border-blood-500 bg-blood-900/30' : error ? 'border-blood-500' : 'border-night-600 bg-night-900/60'}`}
      >
        <Upload aria-hidden="true" className="mx-auto size-8 text-blood-400" />
        <p className="mt-2 text-bone-200">
          <Trans>
            Drag and drop pictures here, or{' '}
            <button
              type="button"
              onClick={() => addInput.current?.click()}
              className="font-semibold text-blood-400 underline underline-offset-4 hover:text-blood-300"
            >
              browse
            </button>
          </Trans>
        </p>
        <p className="mt-2 text-xs text-bone-400">
          <span>jpg, jpeg, png, gif</span> ·{' '}
          <span>
            <Trans>max 5 pictures</Trans>
          </span>{' '}
          ·{' '}
          <span>
            <Trans>max 5MB each</Trans>
          </span>
        </p>
        <input
          ref={addInput}
          id={inputId}
          type="file"
          multiple
          accept={PICTURE_ACCEPT}
          onChange={onPick}
          aria-invalid={Boolean(error)}
          aria-describedby={message ? errorId : undefined}
          className="sr-only"
          tabIndex={-1}
        />
        <input
          ref={replaceInput}
          type="file"
          accept={PICTURE_ACCEPT}
          onChange={(event) => void onReplacePick(event)}
          className="hidden"
          aria-hidden="true"
          tabIndex={-1}
        />
      </div>
      {message ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-blood-300">
          {message}
        </p>
      ) : null}
      {items.length ? (
        <>
          <div className="mt-4 flex items-center justify-between">
            <p className="text-sm text-bone-200">
              <Plural value={count} one="# selected" other="# selected" />
            </p>
            <button type="button" onClick={() => onChange([])} className="text-sm font-semibold text-blood-400 hover:text-blood-300">
              <Trans>Remove All</Trans>
            </button>
          </div>
          <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {items.map((item, index) => (
              <PictureTile
                key={item.id}
                file={item.file}
                index={index}
                onRemove={() => onChange(items.filter((other) => other.id !== item.id))}
                onReplace={() => {
                  replaceIndex.current = index;
                  replaceInput.current?.click();
                }}
              />
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
