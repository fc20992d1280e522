import { Readable } from 'node:stream';
import { Body, Controller, Header, StreamableFile } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { accountEndpoints } from '#contract/account/endpoints.js';
import { type MyDeletion, myDeletionSchema } from '#contract/account/answers.js';
import { type MyDeletionRequest, myDeletionRequestSchema } from '#contract/account/requests.js';
import { ApiAnswer, ApiFileAnswer } from '#server/common/api-docs.js';
import { Authenticated } from '#server/common/auth/auth.decorators.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { Route } from '#server/common/http/route.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { MyDataService } from './my-data.service.js';
import { UserDeletionService } from './user-deletion.service.js';

/** The signed-in person's own data: its download, and their account's deletion with its grace period. */
@ApiTags('users')
@Controller()
export class MyDataController {
  constructor(
    private readonly myData: MyDataService,
    private readonly deletion: UserDeletionService,
  ) {}

  @Route(accountEndpoints.downloadMyData)
  @Authenticated()
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Everything the site holds about the signed-in account, as one JSON file (each photo with its bytes)' })
  @ApiFileAnswer('application/json')
  @ApiOkResponse({ description: 'application/json attachment' })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @ApiTooManyRequestsResponse({ description: 'More downloads this hour than MY_DATA_DOWNLOADS_PER_HOUR' })
  async download(@CurrentUser() user: AuthUser): Promise<StreamableFile> {
    const now = new Date();
    const pieces = await this.myData.download(user.id, now);
    return new StreamableFile(Readable.from(pieces), {
      type: 'application/json; charset=utf-8',
      disposition: `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.json"`,
    });
  }

  @Route(accountEndpoints.requestMyDeletion)
  @Authenticated()
  @ApiOperation({ summary: "Ask for the signed-in account's deletion: erased when ACCOUNT_DELETION_GRACE ends unless cancelled" })
  @ApiOkResponse({ description: 'MyDeletion {deletion_due_at}' })
  @ApiUnprocessableEntityResponse({ description: 'The typed username is not the account’s' })
  @ApiConflictResponse({ description: 'A deletion is pending already, or the account is the last owner' })
  @ApiAnswer(myDeletionSchema)
  request(@CurrentUser() user: AuthUser, @Body(new ZodPipe(myDeletionRequestSchema)) body: MyDeletionRequest): Promise<MyDeletion> {
    return this.deletion.requestOwn(user, body.confirm_username);
  }

  @Route(accountEndpoints.cancelMyDeletion)
  @Authenticated()
  @ApiOperation({ summary: "Cancel the signed-in account's pending deletion" })
  @ApiOkResponse({ description: 'MyDeletion {deletion_due_at: null}' })
  @ApiConflictResponse({ description: 'No deletion is pending' })
  @ApiAnswer(myDeletionSchema)
  cancel(@CurrentUser() user: AuthUser): Promise<MyDeletion> {
    return this.deletion.cancelOwn(user.id);
  }
}
