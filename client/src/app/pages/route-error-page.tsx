import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { MessagePage } from '@/components/ui/message-page';
import { NotFoundPage } from './not-found-page';

/** Last line of defence when a page throws while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <MessagePage mark="!" title="Something went wrong">
      <p>The page could not be shown. Please try again.</p>
      <Button onClick={() => window.location.reload()}>Try Again</Button>
    </MessagePage>
  );
}
