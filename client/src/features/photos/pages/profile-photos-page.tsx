// /profile/photos: the contestant's photos, with additions
// and removals kept on this page until 'Save Changes' (disabled while nothing changed).
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { ContestantProfile } from '#contract/profiles/answers';
import { PHOTO_EXTENSIONS, PHOTO_TYPES, PICTURES } from '#contract/profiles/constants';
import { PHOTO_MESSAGES as M, PICTURE_MESSAGES } from '#contract/profiles/messages';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { BackLink, PageHeader, PageSection } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { errorDetail, errorStatus } from '@/lib/api/api-error';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useAddMyPicturesMutation, useGetMyProfileQuery, useSaveMyProfileMutation } from '../api/my-profile';
import { PhotoPicker } from '../components/photo-picker';
import { PhotoTile } from '../components/photo-tile';

interface NewPhoto {
  key: string;
  file: File;
  preview: string;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Type by what the browser says or the name (the server decides from the bytes); size as the server counts it. */
function refusal(file: File): string | null {
  const typeOk = (PHOTO_TYPES as readonly string[]).includes(file.type) || PHOTO_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext));
  if (!typeOk) return M.badType;
  if (file.size > PICTURES.maxBytes) return PICTURE_MESSAGES.tooLarge;
  return null;
}

let nextKey = 0;
const preview = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');
const release = (photo: NewPhoto) => {
  if (photo.preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(photo.preview);
};

function PhotosEditor({ profile }: { profile: ContestantProfile }) {
  const saved = profile.pictures_urls;
  const [kept, setKept] = useState<string[]>(saved);
  const [added, setAdded] = useState<NewPhoto[]>([]);
  const [addPictures] = useAddMyPicturesMutation();
  const [saveProfile] = useSaveMyProfileMutation();
  const [saving, setSaving] = useState(false);
  const { t } = useLingui();
  const ct = useContractText();
  const addedRef = useRef(added);
  addedRef.current = added;
  useEffect(() => () => addedRef.current.forEach(release), []);

  const total = kept.length + added.length;
  const max = PICTURES.max;
  const min = PICTURES.min;
  const changed = added.length > 0 || !sameList(kept, saved);

  const addFiles = (files: File[]) => {
    const problems = new Set<string>();
    const fresh: NewPhoto[] = [];
    for (const file of files) {
      const problem = refusal(file);
      if (problem) problems.add(problem);
      else if (total + fresh.length >= PICTURES.max) problems.add(M.tooMany);
      else fresh.push({ key: `new-${nextKey++}`, file, preview: preview(file) });
    }
    problems.forEach((p) => notify.error(ct(p)));
    if (fresh.length) setAdded((a) => [...a, ...fresh]);
  };

  // A profile keeps at least one photo: the last one on the page cannot go (its button says why).
  const lastOne = total <= PICTURES.min;

  const remove = (which: { url: string } | { key: string }) => {
    if (lastOne) {
      notify.error(`${ct(M.removeFailed)}: ${ct(M.lastPhoto)}`);
      return;
    }
    if ('url' in which) setKept((k) => k.filter((u) => u !== which.url));
    else
      setAdded((a) =>
        a.filter((p) => {
          if (p.key !== which.key) return true;
          release(p);
          return false;
        }),
      );
    notify.success(ct(M.removed));
  };

  /**
   * One call whatever the mix: with new photos, the upload carries the saved photos to keep, and the
   * server swaps the whole set at once (5 saved, all removed, 2 added is one step); without, the kept
   * list is saved. Either succeeds or changes nothing.
   */
  const save = async () => {
    setSaving(true);
    try {
      if (added.length > 0) {
        const after = await addPictures({ files: added.map((p) => p.file), keep: kept }).unwrap();
        added.forEach(release);
        setAdded([]);
        setKept(after.pictures_urls);
        notify.success(ct(sameList(kept, saved) ? M.added : M.updated));
      } else {
        await saveProfile({ profile, picturesUrls: kept }).unwrap();
        notify.success(ct(M.updated));
      }
    } catch (error) {
      // An upload still in progress or a busy server says so, and to try again; anything else is the page's fixed text.
      const busy = [429, 503].includes(errorStatus(error) ?? 0) ? errorDetail(error) : undefined;
      notify.error(ct(busy ?? M.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-6">
      <div className="rounded-2xl border border-night-700 bg-night-900/90 p-4 shadow-xl sm:p-6">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-bold text-bone-50">
            <Trans>Photos</Trans>
          </h2>
          <p className="text-sm text-bone-400" aria-live="polite">
            {t`${total} / ${max} photos`}
          </p>
        </div>
        {total ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {kept.map((url, i) => (
              <PhotoTile
                key={url}
                src={url}
                index={i}
                isNew={false}
                disabled={saving}
                removeBlocked={lastOne ? ct(M.lastPhoto) : undefined}
                onRemove={() => remove({ url })}
                onMakeMain={i > 0 ? () => setKept((k) => [url, ...k.filter((u) => u !== url)]) : undefined}
              />
            ))}
            {added.map((p, i) => (
              <PhotoTile
                key={p.key}
                src={p.preview}
                index={kept.length + i}
                isNew
                disabled={saving}
                removeBlocked={lastOne ? ct(M.lastPhoto) : undefined}
                onRemove={() => remove({ key: p.key })}
              />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-night-600 p-8 text-center text-bone-400">
            <Trans>No photos yet. Add at least one.</Trans>
          </p>
        )}
        <p className="mt-4 text-sm text-bone-400">
          <Trans>
            JPG, JPEG or PNG, under 5MB each. At most {max} photos; keep at least {min}. The first photo is your main picture.
          </Trans>
        </p>
      </div>
      {total < PICTURES.max ? <PhotoPicker disabled={saving} onFiles={addFiles} /> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <BackLink to={paths.dashboard()}>
          <Trans>Back to Dashboard</Trans>
        </BackLink>
        <Button onClick={() => void save()} disabled={!changed || saving || total === 0} className="sm:ml-auto">
          {saving ? t`Saving...` : t`Save Changes`}
        </Button>
      </div>
    </div>
  );
}

export function ProfilePhotosPage() {
  const { data: profile, isLoading, isError, refetch, isFetching } = useGetMyProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const { t } = useLingui();
  const ct = useContractText();
  return (
    <PageSection width="max-w-4xl">
      <PageHeader title={t`Your Profile Photos`} subtitle={t`Add, remove and choose your main photo. Changes are kept here until you save them.`} />
      {isLoading ? (
        <Spinner label={t`Loading photos...`} className="py-16" />
      ) : isError || !profile ? (
        <ErrorPanel message={ct(M.loadFailed)}>
          <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
            <Trans>Retry</Trans>
          </Button>
        </ErrorPanel>
      ) : (
        <PhotosEditor key={profile.id} profile={profile} />
      )}
    </PageSection>
  );
}
