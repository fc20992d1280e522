// Motion respects the user's reduced-motion setting (the CSS media query covers the styles; this the scripts).
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)').matches : false;
}

/** Scrolls to the element with this id: smoothly, unless the user asked for less motion. */
export function scrollToId(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  return true;
}
