import { Injectable } from '@nestjs/common';
import { clusterLink } from '#server/infra/cluster/cluster-ipc.js';

/**
 * Whether this process takes traffic: false from the first moment of a graceful stop, before any
 * connection closes, so a load balancer asking /health/ready stops sending requests here first. In a
 * clustered start it also answers for the whole, as the primary last told (decision 043): not ready
 * until every worker has been ready once (the start is complete); after that, ready while worker 1
 * (the jobs) is, so one api process restarting leaves the others serving.
 */
@Injectable()
export class Readiness {
  draining = false;
  private whole: { ready: number; total: number; started: boolean; jobs: boolean; stopping: boolean } | null = null;

  constructor() {
    const link = clusterLink();
    // Until the primary's first word, this worker is not ready.
    if (link) {
      this.whole = { ready: 0, total: 1, started: false, jobs: false, stopping: false };
      link.onNotice((notice) => {
        if (notice.kind === 'cluster') this.whole = notice;
      });
    }
  }

  /** Why the site takes no traffic now, or null: this process stopping, or (clustered) the start not complete, the jobs' process down, or the whole stopping. */
  problem(): string | null {
    if (this.draining || this.whole?.stopping) return 'stopping';
    if (this.whole && !this.whole.started) return `${this.whole.ready} of ${this.whole.total} server processes ready`;
    if (this.whole && !this.whole.jobs) return 'server process 1 (jobs) restarting';
    return null;
  }
}
