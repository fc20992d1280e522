import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { api, LIVE_TAGS, liveTagsOfRooms } from '../lib/api/api';
import { loggedIn } from '../lib/auth/auth-slice';
import { env } from '../lib/env';
import { browserSocketFactory, RealtimeClient, type SocketFactory } from '../lib/realtime/realtime-client';
import type { ThunkExtra } from '../lib/realtime/realtime-context';
import { rootReducer, type RootState } from '../lib/store/root-reducer';

export interface StoreOptions {
  /** Tests pass a fake socket; the app connects to the API's origin. */
  socketFactory?: SocketFactory;
  /** The server render's way to the API. */
  fetch?: typeof fetch;
}

/**
 * A sign-in reads the account afresh: one read before a sign-out in this tab must not hide what changed
 * since (a deletion asked for on another device, whose notice shows at once).
 */
const freshAccountOnSignIn: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (loggedIn.match(action)) store.dispatch(api.util.invalidateTags(['Me']));
  return result;
};

export function makeStore(preloadedState?: Partial<RootState>, { socketFactory, fetch }: StoreOptions = {}) {
  const realtime = new RealtimeClient(socketFactory ?? browserSocketFactory(env.apiBaseUrl));
  const extra: ThunkExtra = { realtime, fetch };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware, freshAccountOnSignIn),
  });
  // After a reconnect, refetch every live surface on screen: events sent while offline are lost.
  realtime.onResync(() => store.dispatch(api.util.invalidateTags([...LIVE_TAGS])));
  // Once rooms are joined, refetch what they cover: a change between the first read and the join sent no event here.
  realtime.onJoined((rooms) => store.dispatch(api.util.invalidateTags(liveTagsOfRooms(rooms))));
  return Object.assign(store, { realtime });
}

export type AppStore = ReturnType<typeof makeStore>;
