import { Link } from 'react-router-dom';
import { NOT_FOUND_MESSAGES } from '#contract/common/messages';
import { buttonClass } from '@/components/ui/button-styles';
import { MessagePage } from '@/components/ui/message-page';
import { paths } from '@/lib/paths';

/** The title of the not-found page: its route names it (routes.tsx), the error page too. */
export const NOT_FOUND_TITLE = 'Page Not Found';

/** Any unknown path (the server answers it with 404). */
export function NotFoundPage() {
  return (
    <MessagePage mark="404" title={NOT_FOUND_MESSAGES.page}>
      <Link to={paths.home()} className={buttonClass('primary')}>
        Go to Home
      </Link>
    </MessagePage>
  );
}
