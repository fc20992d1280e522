import { configureStore } from '@reduxjs/toolkit';
import { api, LIVE_TAGS, liveTagsOfRooms } from '../lib/api/api';
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

export function makeStore(preloadedState?: Partial<RootState>, { socketFactory, fetch }: StoreOptions = {}) {
  const realtime = new RealtimeClient(socketFactory ?? browserSocketFactory(env.apiBaseUrl));
  const extra: ThunkExtra = { realtime, fetch };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
  // After a reconnect, refetch every live surface on screen: events sent while offline are lost.
  realtime.onResync(() => store.dispatch(api.util.invalidateTags([...LIVE_TAGS])));
  // Once rooms are joined, refetch what they cover: a change between the first read and the join sent no event here.
  realtime.onJoined((rooms) => store.dispatch(api.util.invalidateTags(liveTagsOfRooms(rooms))));
  return Object.assign(store, { realtime });
}

export type AppStore = ReturnType<typeof makeStore>;
