import { beforeEach, describe, expect, it } from '@jest/globals';
import { makeStore } from '@/app/store';
import { makeToken } from '@/testing/tokens';
import { initializeAuth, selectStaffRole, signIn, signOut } from './auth-slice';

describe('auth state', () => {
  beforeEach(() => localStorage.clear());

  it('should start loading with no user', () => {
    expect(makeStore().getState().auth).toEqual({
      user: null,
      isAuthenticated: false,
      isSuperuser: false,
      staffRole: null,
      isVerified: false,
      loading: true,
      twoFactorSetupRequired: false,
    });
  });

  it('should end loading anonymous when no token is stored', () => {
    const store = makeStore();
    store.dispatch(initializeAuth());
    expect(store.getState().auth).toMatchObject({ loading: false, isAuthenticated: false, user: null });
  });

  it('should log out and drop the token when the stored token has expired', () => {
    localStorage.setItem('token', makeToken({ exp: Math.floor(Date.now() / 1000) - 60 }));
    const store = makeStore();
    store.dispatch(initializeAuth());
    expect(store.getState().auth).toMatchObject({ loading: false, isAuthenticated: false, user: null });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('should log out when the stored token cannot be decoded', () => {
    localStorage.setItem('token', 'not-a-jwt');
    const store = makeStore();
    store.dispatch(initializeAuth());
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('should authenticate from the claims of a valid token', () => {
    localStorage.setItem('token', makeToken({ sub: 'morticia', email: 'm@example.com', is_superuser: true, staff_role: 'organizer', is_verified: true }));
    const store = makeStore();
    store.dispatch(initializeAuth());
    expect(store.getState().auth).toEqual({
      user: { username: 'morticia', email: 'm@example.com', is_admin: true, is_verified: true, staff_role: 'organizer' },
      isAuthenticated: true,
      isSuperuser: true,
      staffRole: 'organizer',
      isVerified: true,
      loading: false,
      twoFactorSetupRequired: false,
    });
  });

  it.each([
    ['a staff token names the role', { is_superuser: true, staff_role: 'moderator' as const }, 'moderator'],
    ['a staff token from before roles existed is an owner’s', { is_superuser: true }, 'owner'],
    ['a contestant holds no role', { is_superuser: false }, null],
    ['a role claimed without staff access grants nothing', { is_superuser: false, staff_role: 'owner' as const }, null],
    ['a role revoked in the token grants nothing', { is_superuser: true, staff_role: null }, null],
    ['a role the client does not know grants nothing', { is_superuser: true, staff_role: 'janitor' as never }, null],
  ])('should read the staff role from the token: %s', (_, claims, role) => {
    const store = makeStore();
    store.dispatch(signIn(makeToken({ sub: 'morticia', ...claims })));
    expect(store.getState().auth.staffRole).toBe(role);
    expect(selectStaffRole(store.getState())).toBe(role);
  });

  it('should store the token on sign-in and remove it on sign-out', () => {
    const store = makeStore();
    const token = makeToken({ sub: 'wednesday' });
    store.dispatch(signIn(token));
    expect(localStorage.getItem('token')).toBe(token);
    expect(store.getState().auth.user?.username).toBe('wednesday');
    store.dispatch(signOut());
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });
});
