// Auth state: the token lives in local storage under `token`.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StaffRole } from '#contract/auth/roles';
import { tokenStorage } from '../storage';
import { decodeToken, isExpired, sessionUserFromClaims, type SessionUser } from './jwt';

export interface AuthState {
  user: SessionUser | null;
  isAuthenticated: boolean;
  isSuperuser: boolean;
  /** The staff role the token grants (what the admin area shows and opens); null for everyone else. */
  staffRole: StaffRole | null;
  isVerified: boolean;
  loading: boolean;
  /** The server refused a staff call until this owner sets up two-factor sign-in (STAFF_2FA=required). */
  twoFactorSetupRequired: boolean;
}

const anonymous = (loading: boolean): AuthState => ({
  user: null,
  isAuthenticated: false,
  isSuperuser: false,
  staffRole: null,
  isVerified: false,
  loading,
  twoFactorSetupRequired: false,
});

const fromUser = (user: SessionUser): AuthState => ({
  user,
  isAuthenticated: true,
  isSuperuser: user.is_admin,
  staffRole: user.staff_role,
  isVerified: user.is_verified,
  loading: false,
  twoFactorSetupRequired: false,
});

/** The signed-in state for a token, or null when the token is unreadable or expired. */
function stateForToken(token: string): AuthState | null {
  const claims = decodeToken(token);
  if (!claims || isExpired(claims)) return null;
  return fromUser(sessionUserFromClaims(claims));
}

const authSlice = createSlice({
  name: 'auth',
  initialState: anonymous(true),
  reducers: {
    /** Start-up: no token → anonymous; expired or unreadable → logged out; otherwise signed in. */
    authInitialized: (_state, action: PayloadAction<string | null>) => (action.payload ? stateForToken(action.payload) : null) ?? anonymous(false),
    loggedIn: (_state, action: PayloadAction<string>) => stateForToken(action.payload) ?? anonymous(false),
    loggedOut: () => anonymous(false),
    /** A staff call answered that this owner must set up two-factor sign-in first: the admin area sends it to that page. */
    twoFactorSetupRequired: (state) => {
      if (state.isAuthenticated) state.twoFactorSetupRequired = true;
    },
    /** Two-factor sign-in is on: the rest of the admin area is open again. */
    twoFactorSetupDone: (state) => {
      state.twoFactorSetupRequired = false;
    },
  },
});

export const { authInitialized, loggedIn, loggedOut, twoFactorSetupRequired, twoFactorSetupDone } = authSlice.actions;
export const authReducer = authSlice.reducer;

// The reducers stay pure; these helpers do the storage side of each transition.
export function initializeAuth() {
  const token = tokenStorage.get();
  if (token && !stateForToken(token)) tokenStorage.clear();
  return authInitialized(token);
}

/** Stores the token and signs in; an unusable token leaves the user signed out. */
export function signIn(token: string) {
  if (stateForToken(token)) tokenStorage.set(token);
  else tokenStorage.clear();
  return loggedIn(token);
}

export function signOut() {
  tokenStorage.clear();
  return loggedOut();
}

type WithAuth = { auth: AuthState };
export const selectAuth = (state: WithAuth) => state.auth;
export const selectUser = (state: WithAuth) => state.auth.user;
export const selectStaffRole = (state: WithAuth) => state.auth.staffRole;
