import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/layout/page-title';
import { MessagePage } from '@/components/ui/message-page';
import { NOT_FOUND_TITLE, NotFoundPage } from './not-found-page';

/** Last line of defence when a page throws while rendering. It stands in for the root layout, so it names the page itself. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <PageTitle name={NOT_FOUND_TITLE} />
        <NotFoundPage />
      </>
    );
  }
  console.error(error);
  return (
    <MessagePage mark="!" title="Something went wrong">
      <PageTitle name="Something Went Wrong" />
      <p>The page could not be shown. Please try again.</p>
      <Button onClick={() => window.location.reload()}>Try Again</Button>
    </MessagePage>
  );
}
