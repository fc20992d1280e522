import { Controller, Req, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type RegistrationResponse, registrationResponseSchema } from '#contract/auth/answers.js';
import { registrationFieldsSchema } from '#contract/auth/requests.js';
import { ClientAddress } from '#server/common/client-address.decorator.js';
import { RequestLanguage } from '#server/common/http/request-locale.js';
import type { Locale } from '#contract/site/constants.js';
import { readMultipartForm } from '#server/common/http/multipart-form.js';
import { PictureUploadRefused } from '#server/common/pictures/picture-limits.js';
import { RegistrationService, TooManyRegistrations } from './registration.service.js';
import { ApiAnswer, ApiMultipartBody } from '#server/common/api-docs.js';
import { authEndpoints } from '#contract/auth/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('auth')
@Controller()
export class RegistrationController {
  constructor(private readonly registration: RegistrationService) {}

  @Route(authEndpoints.registerContestant)
  @ApiOperation({ summary: 'Register a contestant with 1 to 5 pictures (jpg, png or gif, at most 5 MB each)' })
  @ApiConsumes('multipart/form-data')
  @ApiMultipartBody(registrationFieldsSchema, 'pictures')
  @ApiCreatedResponse({ description: '{email, username, message}; a verification e-mail is on its way' })
  @ApiUnprocessableEntityResponse({ description: 'A list of field problems: {"detail": [{loc, msg, type}]}' })
  @ApiConflictResponse({ description: 'The username or the e-mail is already taken' })
  @ApiTooManyRequestsResponse({
    description: 'Too many accounts registered from this address this hour, or too many registrations with pictures in progress from it; see Retry-After',
  })
  @ApiServiceUnavailableResponse({ description: 'The server is decoding as many pictures as it takes on; see Retry-After' })
  @ApiAnswer(registrationResponseSchema, {
    example: { email: 'ada@example.com', username: 'ada_l', message: 'Registration successful. Please check your e-mail to verify your account.' },
  })
  async register(
    @Req() request: FastifyRequest,
    @ClientAddress() clientAddress: string,
    @RequestLanguage() locale: Locale,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RegistrationResponse> {
    try {
      return await this.registration.registerFrom(clientAddress, locale, () => readMultipartForm(request, 'pictures'));
    } catch (err) {
      if (err instanceof TooManyRegistrations || err instanceof PictureUploadRefused) void reply.header('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  }
}
