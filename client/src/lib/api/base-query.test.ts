import { beforeEach, describe, expect, it } from '@jest/globals';
import { makeStore } from '@/app/store';
import { failNetwork, mockNetwork } from '@/testing/server';
import { makeToken } from '@/testing/tokens';
import { initializeAuth } from '../auth/auth-slice';
import { answer, type Endpoint } from '#contract/api/endpoint';
import { profilesEndpoints } from '#contract/profiles/endpoints';
import { api } from './api';
import { request } from './request';

const probeEndpoint = { method: 'POST', path: '/probe', answer: answer<unknown>() } as const satisfies Endpoint;

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probeMe: build.query<unknown, void>({ query: () => request(profilesEndpoints.currentUser) }),
    probePost: build.mutation<unknown, void>({ query: () => ({ ...request(probeEndpoint), body: {} }) }),
  }),
});

describe('baseQuery', () => {
  beforeEach(() => localStorage.clear());

  it('should send the token as a Bearer header and sign out on any 401', async () => {
    const token = makeToken({ sub: 'wednesday' });
    localStorage.setItem('token', token);
    const net = mockNetwork({ 'GET /api/v1/users/me': { status: 401, body: { detail: 'Not authenticated' } } });
    const store = makeStore();
    store.dispatch(initializeAuth());
    const result = await store.dispatch(probe.endpoints.probeMe.initiate());
    expect(result.error).toEqual({ status: 401, detail: 'Not authenticated' });
    expect(net.requests[0].headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('should normalise a 422 list and a network failure', async () => {
    const detail = [{ loc: ['body', 'email'], msg: 'Invalid email address', type: 'value_error' }];
    mockNetwork({ 'POST /api/v1/probe': { status: 422, body: { detail } } });
    const store = makeStore();
    expect((await store.dispatch(probe.endpoints.probePost.initiate())).error).toEqual({ status: 422, detail });
    failNetwork('POST', '/api/v1/probe');
    expect((await store.dispatch(probe.endpoints.probePost.initiate())).error).toEqual({ status: 0 });
  });
});
