import { Module } from '@nestjs/common';
import { StandingsRepository } from './standings.repository.js';
import { StandingsService } from './standings.service.js';

/**
 * Group standings: the ranking rule, the leaderboards (PostgreSQL's committed counts, cached
 * briefly) and their live updates. Imported by the modules that read or change standings (votes,
 * groups' leaderboards, contests' profile positions and eliminations); only the service is offered.
 */
@Module({
  providers: [StandingsRepository, StandingsService],
  exports: [StandingsService],
})
export class StandingsModule {}
