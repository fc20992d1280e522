import { configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api/api';
import { rootReducer, type RootState } from '../lib/store/root-reducer';

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
