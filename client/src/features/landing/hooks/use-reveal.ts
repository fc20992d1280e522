// Reveals an element once it scrolls into view. Without motion, or
// without IntersectionObserver, everything is visible from the start.
import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '@/lib/motion';

export function useReveal<T extends Element>(threshold = 0.15) {
  const ref = useRef<T>(null);
  const [visible, setVisible] = useState(() => prefersReducedMotion() || typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, threshold]);

  return [ref, visible] as const;
}
