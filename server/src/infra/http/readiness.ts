import { Injectable } from '@nestjs/common';
import { clusterLink } from '#server/infra/cluster/cluster-ipc.js';

/**
 * Whether this process takes traffic: false from the first moment of a graceful stop, before any
 * connection closes, so a load balancer asking /health/ready stops sending requests here first. In a
 * clustered start it also answers for the whole (decision 043): ready only while every worker is, as
 * the primary last told.
 */
@Injectable()
export class Readiness {
  draining = false;
  private whole: { ready: number; total: number; stopping: boolean } | null = null;

  constructor() {
    const link = clusterLink();
    // Until the primary's first word, this worker is not ready.
    if (link) {
      this.whole = { ready: 0, total: 1, stopping: false };
      link.onNotice((notice) => {
        if (notice.kind === 'cluster') this.whole = notice;
      });
    }
  }

  /** Why the site takes no traffic now, or null: this process stopping, or (clustered) some worker not ready or the whole stopping. */
  problem(): string | null {
    if (this.draining || this.whole?.stopping) return 'stopping';
    if (this.whole && this.whole.ready < this.whole.total) return `${this.whole.ready} of ${this.whole.total} server processes ready`;
    return null;
  }
}
