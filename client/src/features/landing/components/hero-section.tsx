// Full-screen hero of the landing page: looping muted video over a fallback image, headline,
// tagline and the two calls to action. Missing media degrade to the image, then to a dark gradient.
import { Trans } from '@lingui/react/macro';
import { ChevronDown } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button-styles';
import { scrollToId } from '@/lib/motion';
import { paths } from '@/lib/paths';
import { useInViewPlayback } from '../hooks/use-in-view-playback';

export interface HeroMedia {
  videoUrl: string;
  posterUrl: string;
  imageUrl: string;
}

export function HeroSection({ media }: { media: HeroMedia }) {
  const videoRef = useInViewPlayback();
  const [videoFailed, setVideoFailed] = useState(false);
  const background: CSSProperties = {
    backgroundImage: `linear-gradient(180deg, rgb(5 5 5 / 0.35), rgb(5 5 5 / 0.95)), url("${media.imageUrl}"), radial-gradient(ellipse at 50% 30%, #3d0508, #050505 70%)`,
  };

  return (
    <section
      aria-labelledby="hero-title"
      className="relative flex min-h-[calc(100svh-4rem)] items-center overflow-hidden bg-cover bg-center"
      style={background}
    >
      {videoFailed ? null : (
        <video
          key={media.videoUrl}
          ref={videoRef}
          className="absolute inset-0 size-full object-cover opacity-60"
          poster={media.posterUrl}
          muted
          loop
          playsInline
          preload="metadata"
          aria-hidden="true"
          tabIndex={-1}
          onError={() => setVideoFailed(true)}
        >
          <source src={media.videoUrl} type="video/mp4" onError={() => setVideoFailed(true)} />
        </video>
      )}
      <div aria-hidden="true" className="absolute inset-0 bg-linear-to-b from-night-950/40 via-night-950/30 to-night-950" />
      <div className="relative z-10 mx-auto w-full max-w-5xl animate-hero-in px-4 py-24 text-center sm:px-6">
        <h1
          id="hero-title"
          className="text-balance font-display text-4xl font-bold leading-[1.05] tracking-tight text-bone-50 text-glow sm:text-6xl lg:text-7xl"
        >
          <Trans>This Isn't a Dream. It's Your Horror Debut.</Trans>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-pretty text-lg text-bone-200 sm:text-xl">
          <Trans>Step out of the shadows and into the scream scene — only the bold survive.</Trans>
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <Link to={paths.register()} className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
            <Trans>REGISTER NOW</Trans>
          </Link>
          <button type="button" onClick={() => scrollToId('features')} className={buttonClass('outline', 'lg', 'w-full sm:w-auto')}>
            <Trans>LEARN MORE</Trans>
            <ChevronDown aria-hidden="true" className="size-5" />
          </button>
        </div>
        <p className="mt-8 text-bone-200">
          <Link to={paths.leaderboard()} className="font-semibold text-blood-300 underline underline-offset-4 hover:text-blood-400">
            <Trans>See who leads the current contest</Trans>
          </Link>
        </p>
      </div>
    </section>
  );
}
