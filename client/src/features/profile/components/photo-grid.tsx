import { PROFILE_MESSAGES as P } from '#contract/votes';
import { ResponsivePicture } from '@/components/ui/responsive-picture';

/** The contestant's photos, or 'No photos available yet' (spec 000 §2). */
export function PhotoGrid({ pictures, name }: { pictures: string[]; name: string }) {
  return (
    <section aria-labelledby="photos-heading" className="rounded-2xl border border-night-700 bg-night-900/90 p-6 shadow-xl">
      <h2 id="photos-heading" className="text-xl font-bold text-bone-50">
        Photos
      </h2>
      {pictures.length ? (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {pictures.map((src, i) => (
            <li key={`${src}-${i}`}>
              <ResponsivePicture
                src={src}
                alt={`${name}, photo ${i + 1}`}
                sizes="(min-width: 1024px) 320px, (min-width: 640px) 33vw, 50vw"
                width={640}
                height={640}
                className="aspect-square h-auto w-full rounded-xl object-cover"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 rounded-xl border border-dashed border-night-600 p-8 text-center text-bone-400">{P.noPhotos}</p>
      )}
    </section>
  );
}
