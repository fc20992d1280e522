// A count that changes live: it briefly glows when it changes (not on first show, not for users who
// asked for reduced motion). The element stays the same, so nothing re-mounts on each push.
import { useEffect, useRef } from 'react';
import { prefersReducedMotion } from '@/lib/motion';
import { formatCount } from '@/lib/numbers';

const GLOW: Keyframe[] = [{ color: 'var(--color-blood-300)', textShadow: '0 0 16px rgb(225 29 42 / 0.8)', transform: 'scale(1.15)' }, { transform: 'none' }];

export function LiveNumber({ value, className = '' }: { value: number; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const previous = useRef(value);
  useEffect(() => {
    if (previous.current === value) return;
    previous.current = value;
    const node = ref.current;
    if (node && typeof node.animate === 'function' && !prefersReducedMotion()) node.animate(GLOW, { duration: 900, easing: 'ease-out' });
  }, [value]);
  return (
    <span ref={ref} className={`inline-block tabular-nums ${className}`}>
      {formatCount(value)}
    </span>
  );
}
