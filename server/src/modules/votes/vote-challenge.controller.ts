import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Challenge } from 'altcha-lib/types';
import { VoteChallenges } from './vote-challenges.js';
import { voteChallengeSchema } from '#contract/api-types.js';
import { ApiAnswer } from '#server/common/api-docs.js';

@ApiTags('votes')
@Controller('votes')
export class VoteChallengeController {
  constructor(private readonly challenges: VoteChallenges) {}

  @Get('challenge')
  // Each challenge is new and counts once: never cached.
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'A proof-of-work challenge (ALTCHA v2, SHA-256) for a free vote that answered 428: solve it and send the vote again with {altcha: base64 JSON {challenge, solution}}; valid 10 minutes, once',
  })
  @ApiOkResponse({ description: 'Challenge {parameters, signature}' })
  @ApiAnswer(voteChallengeSchema)
  challenge(): Promise<Challenge> {
    return this.challenges.issue();
  }
}
