import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Contest } from '#contract/api-types.js';
import { ContestsService } from './contests.service.js';

@ApiTags('contests')
@Controller('contests')
export class ContestsController {
  constructor(private readonly contests: ContestsService) {}

  // Public: the list holds nothing private, and the page behind it shows it to signed-in users anyway.
  @Get('all-contests')
  @ApiOperation({ summary: 'Contests open for joining: active and not ended, soonest start first' })
  @ApiOkResponse({ description: 'Contest[] (contract/api-types.ts)' })
  allContests(): Promise<Contest[]> {
    return this.contests.joinable();
  }
}
