// On the home page How It Works scrolls smoothly to #how-it-works; elsewhere it goes to /#how-it-works
// and the scroll manager takes it from there.
import { Trans } from '@lingui/react/macro';
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { scrollToId } from '@/lib/motion';
import { paths } from '@/lib/paths';

export function HowItWorksLink({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (pathname === paths.home() && scrollToId('how-it-works')) {
      event.preventDefault();
    }
    onNavigate?.();
  };
  return (
    <Link to={paths.home({ hash: 'how-it-works' })} onClick={onClick} className={className}>
      <Trans>How It Works</Trans>
    </Link>
  );
}
