import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button-styles';
import { MessagePage } from '@/components/ui/message-page';
import { paths } from '@/lib/paths';

/** The title of the not-found page: its route names it (routes.tsx), the error page too. */
export const NOT_FOUND_TITLE = 'Page Not Found';

/** Any unknown path (the server answers it with 404). */
export function NotFoundPage() {
  const { t } = useLingui();
  // The English text is the contract's NOT_FOUND_MESSAGES.page (routes.test.tsx holds them equal).
  return (
    <MessagePage mark="404" title={t`404 - Page Not Found. The page you are looking for does not exist.`}>
      <Link to={paths.home()} className={buttonClass('primary')}>
        <Trans>Go to Home</Trans>
      </Link>
    </MessagePage>
  );
}
