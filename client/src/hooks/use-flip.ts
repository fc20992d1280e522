// Smooth reordering (FLIP): children marked data-flip-key slide from their old place to the new one
// when `order` changes, e.g. when live standings move a card. Nothing moves for users who asked for
// reduced motion.
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { prefersReducedMotion } from '../lib/motion';

export function useFlip(container: RefObject<HTMLElement | null>, order: string, durationMs = 450): void {
  const places = useRef(new Map<string, { left: number; top: number }>());
  useLayoutEffect(() => {
    const root = container.current;
    if (!root) return;
    if (places.current.size === 0) {
      // First show: nothing to animate, only the places to remember. They are read after the frame is
      // painted, where layout is already done, rather than forcing one in the middle of the commit.
      const id = window.setTimeout(() => {
        for (const node of root.querySelectorAll<HTMLElement>('[data-flip-key]')) places.current.set(node.dataset.flipKey!, placeOf(node));
      });
      return () => window.clearTimeout(id);
    }
    const reduce = prefersReducedMotion();
    const next = new Map<string, { left: number; top: number }>();
    for (const node of root.querySelectorAll<HTMLElement>('[data-flip-key]')) {
      const key = node.dataset.flipKey!;
      const { left, top } = placeOf(node);
      next.set(key, { left, top });
      const before = places.current.get(key);
      if (reduce || !before || typeof node.animate !== 'function') continue;
      const dx = before.left - left;
      const dy = before.top - top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], { duration: durationMs, easing: 'cubic-bezier(0.2, 0.7, 0.2, 1)' });
    }
    places.current = next;
  }, [container, order, durationMs]);
}

function placeOf(node: HTMLElement): { left: number; top: number } {
  const { left, top } = node.getBoundingClientRect();
  return { left, top };
}
