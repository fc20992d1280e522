import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { FakeSocket } from '@/testing/fake-socket';
import { SITE } from '@/testing/fixtures';
import { mockNetwork } from '@/testing/server';
import { RootLayout } from './layouts/root-layout';
import { PublicLayout } from './layouts/public-layout';
import { RouteErrorPage } from '@/features/errors/pages/route-error-page';
import { AppProvider } from './provider';
import { lazyRoute } from './routes';
import { makeStore } from './store';

// A page whose module arrives when the test says so (or never does).
function slowPage() {
  let arrive: (page: ComponentType) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const module = new Promise<ComponentType>((resolve, reject) => {
    arrive = resolve;
    fail = reject;
  });
  return { load: () => module, arrive, fail };
}

function open(load: () => Promise<ComponentType>) {
  const routes = [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [{ element: <PublicLayout />, children: [{ path: paths.aboutUs.pattern, ...lazyRoute(async () => ({ Component: await load() })) }] }],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [paths.aboutUs()] });
  const store = makeStore(undefined, { socketFactory: () => new FakeSocket() });
  render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('lazy pages', () => {
  beforeEach(() => {
    localStorage.clear();
    mockNetwork({ 'GET /api/v1/site': { body: SITE } });
  });

  it('should show the loading spinner inside the layout until the page module arrives', async () => {
    const page = slowPage();
    open(page.load);
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    page.arrive(() => <h1>Slow page</h1>);
    expect(await within(main).findByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
    expect(within(main).queryByRole('status')).not.toBeInTheDocument();
  });

  it('should show the route error page when the page module cannot be loaded', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const page = slowPage();
      open(page.load);
      await screen.findByRole('main');
      page.fail(new Error('Failed to fetch dynamically imported module'));
      expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });
});
