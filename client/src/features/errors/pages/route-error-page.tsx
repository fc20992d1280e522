import { Trans, useLingui } from '@lingui/react/macro';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/layout/page-title';
import { MessagePage } from '@/components/ui/message-page';
import { NotFoundPage } from './not-found-page';

/** Last line of defence when a page throws while rendering. It stands in for the root layout, so it names the page itself. */
export function RouteErrorPage() {
  const { t } = useLingui();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <PageTitle name={t`Page Not Found`} />
        <NotFoundPage />
      </>
    );
  }
  console.error(error);
  return (
    <MessagePage mark="!" title={t`Something went wrong`}>
      <PageTitle name={t`Something Went Wrong`} />
      <p>
        <Trans>The page could not be shown. Please try again.</Trans>
      </p>
      <Button onClick={() => window.location.reload()}>
        <Trans>Try Again</Trans>
      </Button>
    </MessagePage>
  );
}
