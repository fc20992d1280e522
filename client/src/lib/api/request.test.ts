import { describe, expect, it } from '@jest/globals';
import { jobsEndpoints } from '#contract/jobs/endpoints';
import type { Endpoint } from '#contract/api/endpoint';
import { request } from './request';

describe(request.name, () => {
  it('should take the method and path from the endpoint and fill in its parameters, encoded', () => {
    expect(request(jobsEndpoints.retryJob, { path: { queue: 'mail jobs', id: 'a/b' } })).toEqual({
      url: '/admin/jobs/mail%20jobs/a%2Fb/retry',
      method: 'POST',
      params: undefined,
      body: undefined,
    });
    expect(request(jobsEndpoints.adminJobsOverview)).toMatchObject({ url: '/admin/jobs', method: 'GET' });
  });

  it('should pass the query, the body and the options on', () => {
    const endpoint = { method: 'PATCH', path: '/things/:id', answer: {} } as const satisfies Endpoint;
    const args = { path: { id: 7 }, query: { skip: 0 }, body: { name: 'x' } } as unknown as Parameters<typeof request<typeof endpoint>>[1];
    expect(request(endpoint, args, { withToken: false })).toEqual({
      url: '/things/7',
      method: 'PATCH',
      params: { skip: 0 },
      body: { name: 'x' },
      withToken: false,
    });
  });

  it('should send the body of a form endpoint form-encoded, each value as text and an absent one left out', () => {
    const endpoint = { method: 'POST', path: '/sign-in', form: true, answer: {} } as const satisfies Endpoint;
    const args = { body: { username: 'vera', remember_me: false, code: undefined } } as unknown as Parameters<typeof request<typeof endpoint>>[1];
    const { body } = request(endpoint, args);
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(String(body)).toBe('username=vera&remember_me=false');
  });

  it('should refuse to build a path with a parameter left out', () => {
    const args = { path: { queue: 'mail' } } as unknown as { path: { queue: string; id: string } };
    expect(() => request(jobsEndpoints.retryJob, args)).toThrow('no value for :id');
  });
});
