// Scroll returns to the top on every route change; a link with a hash, such as
// /#how-it-works from another page, lands on its section instead.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { scrollToId } from '@/lib/motion';

export function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (id && scrollToId(id)) return;
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
