import { Body, Controller } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { type ContestVoteOffer, contestVoteOfferAnswerSchema, type VoteOffer, voteOfferSchema } from '#contract/payments/answers.js';
import { paymentsEndpoints } from '#contract/payments/endpoints.js';
import { type ContestVoteOfferInput, contestVoteOfferSchema, type VoteOfferInput, voteOfferInputSchema } from '#contract/payments/requests.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { Route } from '#server/common/http/route.js';
import { IdParam } from '#server/common/id-param.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { AdminVotePackagesService } from './admin-vote-packages.service.js';

const INVALID = 'A currency not offered, 0 or more than 8 packages, two packages of the same votes, or a price off its currency step';

/** The vote packages an organizer sells: staff whose role has the `contests` permission (the endpoint table names it). */
@ApiTags('admin')
@Controller()
export class AdminVotePackagesController {
  constructor(private readonly packages: AdminVotePackagesService) {}

  @Route(paymentsEndpoints.getAdminVotePackages)
  @ApiOperation({ summary: "The site's vote offer: currency, one vote's donation price and the packages (prices in minor units)" })
  @ApiOkResponse({ description: 'VoteOffer' })
  @ApiAnswer(voteOfferSchema)
  site(): Promise<VoteOffer> {
    return this.packages.siteOffer();
  }

  @Route(paymentsEndpoints.saveAdminVotePackages)
  @ApiOperation({
    summary: "Replace the site's vote offer; a package left out is deleted, or retired when a payment bought it (its old links say it is no longer offered)",
  })
  @ApiOkResponse({ description: 'The VoteOffer as saved' })
  @ApiBadRequestResponse({ description: 'A package id that is not one of the list' })
  @ApiUnprocessableEntityResponse({ description: INVALID })
  @ApiAnswer(voteOfferSchema)
  saveSite(@CurrentUser() admin: AuthUser, @Body(new ZodPipe(voteOfferInputSchema)) body: VoteOfferInput): Promise<VoteOffer> {
    return this.packages.saveSite(admin.id, body);
  }

  @Route(paymentsEndpoints.getContestVotePackages)
  @ApiOperation({ summary: "A contest's own vote offer (null: it sells the site's), with the site's" })
  @ApiOkResponse({ description: 'ContestVoteOffer' })
  @ApiNotFoundResponse({ description: 'Contest not found' })
  @ApiAnswer(contestVoteOfferAnswerSchema)
  contest(@IdParam('id') id: number): Promise<ContestVoteOffer> {
    return this.packages.contest(id);
  }

  @Route(paymentsEndpoints.saveContestVotePackages)
  @ApiOperation({ summary: "Set a contest's own vote offer, or {offer: null} to sell the site's again" })
  @ApiOkResponse({ description: 'The ContestVoteOffer as saved' })
  @ApiBadRequestResponse({ description: "A package id that is not one of the contest's list" })
  @ApiNotFoundResponse({ description: 'Contest not found' })
  @ApiUnprocessableEntityResponse({ description: INVALID })
  @ApiAnswer(contestVoteOfferAnswerSchema)
  saveContest(
    @CurrentUser() admin: AuthUser,
    @IdParam('id') id: number,
    @Body(new ZodPipe(contestVoteOfferSchema)) body: ContestVoteOfferInput,
  ): Promise<ContestVoteOffer> {
    return this.packages.saveContest(admin.id, id, body.offer);
  }
}
