import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { makeStore } from '@/app/store';
import { fakeFetch, removeFakeFetch } from '@/testing/fake-fetch';
import { makeToken } from '@/testing/tokens';
import { initializeAuth } from '../auth/auth-slice';
import { api } from './api';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probeMe: build.query<unknown, void>({ query: () => '/users/me' }),
    probePost: build.mutation<unknown, void>({ query: () => ({ url: '/probe', method: 'POST', body: {} }) }),
  }),
});

describe('baseQuery', () => {
  beforeEach(() => localStorage.clear());
  afterEach(removeFakeFetch);

  it('should send the token as a Bearer header and sign out on any 401', async () => {
    const token = makeToken({ sub: 'wednesday' });
    localStorage.setItem('token', token);
    const net = fakeFetch({ 'GET /api/v1/users/me': { status: 401, body: { detail: 'Not authenticated' } } });
    const store = makeStore();
    store.dispatch(initializeAuth());
    const result = await store.dispatch(probe.endpoints.probeMe.initiate());
    expect(result.error).toEqual({ status: 401, detail: 'Not authenticated' });
    expect((net.calls[0].init.headers as Record<string, string>).authorization).toBe(`Bearer ${token}`);
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('should normalise a 422 list and a network failure', async () => {
    const detail = [{ loc: ['body', 'email'], msg: 'Invalid email address', type: 'value_error' }];
    fakeFetch({ 'POST /api/v1/probe': { status: 422, body: { detail } } });
    const store = makeStore();
    expect((await store.dispatch(probe.endpoints.probePost.initiate())).error).toEqual({ status: 422, detail });
    globalThis.fetch = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    expect((await store.dispatch(probe.endpoints.probePost.initiate())).error).toEqual({ status: 0 });
  });
});
