import { Body, Controller, HttpCode, HttpStatus, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConsumes,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ContestantProfile, contestantProfileSchema } from '#contract/profiles/answers.js';
import { keptPicturesFieldsSchema, type MyProfileUpdate, myProfileUpdateSchema } from '#contract/profiles/requests.js';
import { Authenticated } from '#server/common/auth/auth.decorators.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { JwtAuthGuard } from '#server/common/auth/jwt-auth.guard.js';
import { readMultipartForm } from '#server/common/http/multipart-form.js';
import { PictureUploadRefused } from '#server/common/pictures/picture-limits.js';
import { UploadPlaceGuard, UploadPlaceInterceptor } from '#server/common/pictures/upload-place.guard.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { MyPhotosService } from './my-photos.service.js';
import { ApiAnswer, ApiMultipartBody } from '#server/common/api-docs.js';
import { profilesEndpoints } from '#contract/profiles/endpoints.js';
import { Route } from '#server/common/http/route.js';

/**
 * The photos page's calls. The static segment `my-profile` wins over the public
 * profile's `:username` (and could not be a username: it has a '-').
 */
@ApiTags('contestants')
@Controller()
export class MyProfileController {
  constructor(private readonly photos: MyPhotosService) {}

  @Route(profilesEndpoints.myProfile)
  @Authenticated()
  @ApiOperation({ summary: "The signed-in contestant's own profile with its pictures_urls" })
  @ApiOkResponse({ description: 'ContestantProfile (contract/profiles/answers.ts)' })
  @ApiNotFoundResponse({ description: 'Profile not found (an account without a contestant profile)' })
  @ApiAnswer(contestantProfileSchema)
  profile(@CurrentUser() user: AuthUser): Promise<ContestantProfile> {
    return this.photos.profile(user.id);
  }

  @Route(profilesEndpoints.addMyPictures)
  // The account's one upload place first (a second upload is refused before anything else), then the
  // sign-in; the place is held until the upload's work is over.
  @UseGuards(UploadPlaceGuard, JwtAuthGuard)
  @UseInterceptors(UploadPlaceInterceptor)
  @ApiBearerAuth()
  @ApiUnauthorizedResponse({ description: 'Not authenticated' })
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Add photos (jpg or png, under 5 MB each, at most 5 in all) after the kept ones; with pictures_urls, replace the others in the same step',
  })
  @ApiConsumes('multipart/form-data')
  @ApiMultipartBody(keptPicturesFieldsSchema, 'files')
  @ApiOkResponse({ description: 'The updated ContestantProfile' })
  @ApiUnprocessableEntityResponse({
    description: 'A refused file, too many photos or a photo that is not yours: {"detail": [{loc, msg, type}]}; nothing changes',
  })
  @ApiTooManyRequestsResponse({ description: 'Another upload of this account is in progress; see Retry-After' })
  @ApiServiceUnavailableResponse({ description: 'The server is decoding as many pictures as it takes on; see Retry-After' })
  @ApiAnswer(contestantProfileSchema)
  async addPictures(
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ContestantProfile> {
    try {
      return await this.photos.add(user.id, () => readMultipartForm(request, 'files'));
    } catch (err) {
      if (err instanceof PictureUploadRefused) void reply.header('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  }

  @Route(profilesEndpoints.saveMyProfile)
  @Authenticated()
  @ApiOperation({ summary: 'Save the kept pictures_urls (removals and order); other profile fields are ignored here' })
  @ApiOkResponse({ description: 'The updated ContestantProfile' })
  @ApiUnprocessableEntityResponse({ description: 'No photo kept, more than 5, or an address that is not one of your photos; nothing changes' })
  @ApiAnswer(contestantProfileSchema)
  save(@CurrentUser() user: AuthUser, @Body(new ZodPipe(myProfileUpdateSchema)) body: MyProfileUpdate): Promise<ContestantProfile> {
    return this.photos.save(user.id, body);
  }
}
