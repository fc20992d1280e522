import { Link } from 'react-router-dom';
import { NOT_FOUND_MESSAGES } from '#contract/messages';
import { buttonClass } from '@/components/ui/button-styles';
import { MessagePage } from '@/components/ui/message-page';

/** Any unknown path (spec 001 §2). */
export function NotFoundPage() {
  return (
    <MessagePage mark="404" title={NOT_FOUND_MESSAGES.page}>
      <Link to="/" className={buttonClass('primary')}>
        Go to Home
      </Link>
    </MessagePage>
  );
}
