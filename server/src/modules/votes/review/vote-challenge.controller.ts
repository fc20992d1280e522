import { Controller, Header, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Challenge } from 'altcha-lib/types';
import type { FastifyReply } from 'fastify';
import { CHALLENGES_PER_NETWORK_PER_MINUTE, TooManyChallenges, VoteChallenges } from './vote-challenges.js';
import { voteChallengeSchema } from '#contract/votes/answers.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { ClientAddress } from '#server/common/client-address.decorator.js';
import { votesEndpoints } from '#contract/votes/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('votes')
@Controller()
export class VoteChallengeController {
  constructor(private readonly challenges: VoteChallenges) {}

  @Route(votesEndpoints.getVoteChallenge)
  // Each challenge is new and counts once: never cached.
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'A proof-of-work challenge (ALTCHA v2, SHA-256) for a free vote that answered 428: solve it and send the vote again with {altcha: base64 JSON {challenge, solution}}; valid 10 minutes, once',
  })
  @ApiOkResponse({ description: 'Challenge {parameters, signature}' })
  @ApiTooManyRequestsResponse({ description: `More than ${CHALLENGES_PER_NETWORK_PER_MINUTE} challenges a minute for this network; see Retry-After` })
  @ApiAnswer(voteChallengeSchema)
  async challenge(@ClientAddress() clientAddress: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Challenge> {
    try {
      return await this.challenges.issue(clientAddress);
    } catch (err) {
      if (err instanceof TooManyChallenges) void reply.header('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  }
}
