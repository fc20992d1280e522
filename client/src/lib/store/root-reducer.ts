import { combineReducers } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { authReducer } from '../auth/auth-slice';

export const rootReducer = combineReducers({
  auth: authReducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
