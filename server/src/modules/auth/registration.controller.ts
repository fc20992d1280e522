import { Controller, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConflictResponse, ApiConsumes, ApiCreatedResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { RegistrationResponse } from '#contract/api-types.js';
import { CATEGORIES } from '#contract/constants.js';
import { readMultipartForm } from '#server/common/http/multipart-form.js';
import { RegistrationService } from './registration.service.js';

const text = { type: 'string' } as const;

@ApiTags('auth')
@Controller('auth')
export class RegistrationController {
  constructor(private readonly registration: RegistrationService) {}

  @Post('register-contestant')
  @ApiOperation({ summary: 'Register a contestant with 1 to 5 pictures (jpg, png or gif, at most 5 MB each)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['username', 'first_name', 'last_name', 'biography', 'phone_number', 'email', 'password', 'confirm_password', 'category', 'pictures'],
      properties: {
        username: text,
        first_name: text,
        last_name: text,
        biography: text,
        phone_number: text,
        instagram: text,
        tiktok: text,
        email: { type: 'string', format: 'email' },
        password: { type: 'string', format: 'password' },
        confirm_password: { type: 'string', format: 'password' },
        category: { type: 'string', enum: [...CATEGORIES] },
        pictures: { type: 'array', items: { type: 'string', format: 'binary' } },
      },
    },
  })
  @ApiCreatedResponse({ description: '{email, username, message}; a verification e-mail is on its way' })
  @ApiUnprocessableEntityResponse({ description: 'A list of field problems: {"detail": [{loc, msg, type}]}' })
  @ApiConflictResponse({ description: 'The username or the e-mail is already taken' })
  async register(@Req() request: FastifyRequest): Promise<RegistrationResponse> {
    return this.registration.register(await readMultipartForm(request, 'pictures'));
  }
}
