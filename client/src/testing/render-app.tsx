// Renders the real route table with a fresh store at a given address, like a user opening the app.
import { act, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { routes } from '../app/routes';
import { makeStore } from '../app/store';
import { FakeSocket } from './fake-socket';

// Pages load lazily and CI machines run suites side by side on two cores: a first page (its chunk and
// its data) may take seconds there, so findBy/waitFor wait up to 10 s; a test that passes waits no longer.
configure({ asyncUtilTimeout: 10_000 });

export function renderApp(path: string, { strict = false, socket = new FakeSocket() }: { strict?: boolean; socket?: FakeSocket } = {}) {
  // Never a real connection in tests: the fake socket stands in and the test drives it.
  const store = makeStore(undefined, { socketFactory: () => socket });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const tree = (
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  );
  const user = userEvent.setup();
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...view, store, router, user, screen, socket };
}

/** Where the app is now (path and query). */
export const currentPath = (router: ReturnType<typeof createMemoryRouter>) => `${router.state.location.pathname}${router.state.location.search}`;

/**
 * Lets `ms` pass with React's updates applied as they come: for a test that gives something wrong the
 * time to happen (a second request) before it checks it did not. Pages render in the background
 * (deferred values), so a bare timer would let their renders land outside act.
 */
export const idle = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
