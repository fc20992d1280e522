import { Injectable } from '@nestjs/common';

/**
 * Whether this process takes traffic: false from the first moment of a graceful stop, before any
 * connection closes, so a load balancer asking /health/ready stops sending requests here first.
 */
@Injectable()
export class Readiness {
  draining = false;
}
