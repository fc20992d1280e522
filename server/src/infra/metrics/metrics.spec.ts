import { afterAll, describe, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AggregatorRegistry } from 'prom-client';
import { Metrics, metricsAllowed, startMetricsServer } from './metrics.js';

const TOKEN = 's'.repeat(32);

describe(metricsAllowed.name, () => {
  it('should let loopback clients in, IPv4, IPv6 and IPv4 through an IPv6 socket', () => {
    for (const ip of ['127.0.0.1', '127.3.4.5', '::1', '::ffff:127.0.0.1']) expect(metricsAllowed(ip, undefined, undefined)).toBe(true);
  });

  it('should never count a proxied request as local, whatever address it names', () => {
    expect(metricsAllowed('127.0.0.1', undefined, TOKEN, true)).toBe(false);
    expect(metricsAllowed('127.0.0.1', `Bearer ${TOKEN}`, TOKEN, true)).toBe(true);
  });

  it('should let any other client in only with the exact token', () => {
    for (const ip of ['203.0.113.7', '2001:db8::1', '::ffff:198.51.100.2', '']) {
      expect(metricsAllowed(ip, undefined, TOKEN)).toBe(false);
      expect(metricsAllowed(ip, `Bearer ${TOKEN}`, undefined)).toBe(false);
      expect(metricsAllowed(ip, `Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
      expect(metricsAllowed(ip, `Basic ${TOKEN}`, TOKEN)).toBe(false);
      expect(metricsAllowed(ip, `Bearer ${TOKEN}`, TOKEN)).toBe(true);
    }
  });
});

describe(startMetricsServer.name, () => {
  let server: Server | undefined;
  afterAll(() => {
    server?.close();
  });

  it("should serve a worker's metrics at /metrics and nothing else", async () => {
    const metrics = new Metrics();
    metrics.voteAccepted('paid', 5);
    server = await startMetricsServer(metrics, {}, '127.0.0.1', 0);
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('screamstage_votes_accepted_total{kind="paid"} 5');
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
  });
});

describe(`${Metrics.name} httpRequest`, () => {
  it("should count the built client's hashed files under one route, and requests matching none as unmatched", async () => {
    const metrics = new Metrics();
    metrics.httpRequest('GET', '/assets/index-3f2a1b.js', 200, 0.001);
    metrics.httpRequest('GET', '/assets/vote-9c8d7e.css', 200, 0.001);
    metrics.httpRequest('GET', '/api/v1/contestants/:username', 404, 0.002);
    metrics.httpRequest('GET', undefined, 404, 0.001);
    const { body } = await metrics.text();
    const counts = body.split('\n').filter((line) => line.startsWith('screamstage_http_request_duration_seconds_count'));
    expect(counts).toEqual([
      'screamstage_http_request_duration_seconds_count{method="GET",route="/assets/*",status="2xx"} 2',
      'screamstage_http_request_duration_seconds_count{method="GET",route="/api/v1/contestants/:username",status="4xx"} 1',
      'screamstage_http_request_duration_seconds_count{method="GET",route="unmatched",status="4xx"} 1',
    ]);
  });
});

describe(`${Metrics.name} gauge across a cluster`, () => {
  it("should join the workers' gauges as each says: shared database reads once, ticks at their worst, own sockets summed", async () => {
    // Two workers' registries, joined as the cluster primary joins them for /metrics.
    const workers = [
      { sockets: 3, tick: 100 },
      { sockets: 4, tick: 250 },
    ].map(({ sockets, tick }) => {
      const metrics = new Metrics();
      metrics.gauge('test_queue_failed_jobs', 'read from the shared database', 'queue', () => Promise.resolve({ mail: 2 }), 'first');
      metrics.gauge('test_tick_ms', 'this process', 'group', () => Promise.resolve({ '7': tick }), 'max');
      metrics.gauge('test_sockets', 'this process', null, () => sockets);
      return metrics;
    });
    const joined = AggregatorRegistry.aggregate(await Promise.all(workers.map((m) => m.registry.getMetricsAsJSON())));
    const text = await joined.metrics();
    expect(text).toContain('screamstage_test_queue_failed_jobs{queue="mail"} 2\n');
    expect(text).toContain('screamstage_test_tick_ms{group="7"} 250\n');
    expect(text).toContain('screamstage_test_sockets 7\n');
  });
});
