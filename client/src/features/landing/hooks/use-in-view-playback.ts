// The promo video plays while at least half of it is in view and pauses otherwise; if the browser
// refuses to play it, it is muted and played again. Reduced motion: it never starts.
import { useEffect, useRef } from 'react';
import { LANDING } from '#contract/site/constants';
import { prefersReducedMotion } from '@/lib/motion';

function play(video: HTMLVideoElement): void {
  // Older browsers give no promise back from play(): then there is no refusal to catch.
  const attempt: Promise<void> | undefined = video.play?.();
  if (typeof attempt?.catch !== 'function') return;
  attempt.catch(() => {
    video.muted = true;
    video.play()?.catch(() => {
      /* still refused: the poster stays */
    });
  });
}

export function useInViewPlayback() {
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = ref.current;
    if (!video || prefersReducedMotion()) return;
    video.muted = true;
    if (typeof IntersectionObserver === 'undefined') {
      play(video);
      return;
    }
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry.isIntersecting && entry.intersectionRatio >= LANDING.videoInViewThreshold) play(video);
        else video.pause?.();
      },
      { threshold: LANDING.videoInViewThreshold },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, []);

  return ref;
}
