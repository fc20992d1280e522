import { Body, Controller, HttpCode, HttpStatus } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { z } from 'zod';
import { type ProfileQuestion, profileQuestionSchema } from '#contract/questions/answers.js';
import { questionsEndpoints } from '#contract/questions/endpoints.js';
import {
  type CreateQuestion,
  createQuestionSchema,
  type MoveQuestion,
  moveQuestionSchema,
  type UpdateQuestion,
  updateQuestionSchema,
} from '#contract/questions/requests.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { Route } from '#server/common/http/route.js';
import { IdParam } from '#server/common/id-param.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { ProfileQuestionsService } from './profile-questions.service.js';

const questionList = z.array(profileQuestionSchema);

/** The organizer's profile questions (staff permission 'contests'): list, add, edit, retire, move; each change answers the whole list. */
@ApiTags('admin')
@Controller()
export class AdminProfileQuestionsController {
  constructor(private readonly questions: ProfileQuestionsService) {}

  @Route(questionsEndpoints.adminProfileQuestions)
  @ApiOperation({ summary: 'Every profile question: the active ones in order, then the retired ones' })
  @ApiOkResponse({ description: 'ProfileQuestion[]' })
  @ApiAnswer(questionList)
  list(): Promise<ProfileQuestion[]> {
    return this.questions.list();
  }

  @Route(questionsEndpoints.createProfileQuestion)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Add a question, last among the active ones; answers the whole list' })
  @ApiOkResponse({ description: 'ProfileQuestion[]' })
  @ApiConflictResponse({ description: 'Already 20 active questions' })
  @ApiUnprocessableEntityResponse({ description: 'A field is invalid, or the key is taken' })
  @ApiAnswer(questionList)
  create(@CurrentUser() user: AuthUser, @Body(new ZodPipe(createQuestionSchema)) body: CreateQuestion): Promise<ProfileQuestion[]> {
    return this.questions.create(user.id, body);
  }

  @Route(questionsEndpoints.updateProfileQuestion)
  @ApiOperation({ summary: 'Edit a question; retired true retires it (its answers are kept, hidden), false brings it back last' })
  @ApiOkResponse({ description: 'ProfileQuestion[]' })
  @ApiNotFoundResponse({ description: 'Question not found' })
  @ApiAnswer(questionList)
  update(@CurrentUser() user: AuthUser, @IdParam('id') id: number, @Body(new ZodPipe(updateQuestionSchema)) body: UpdateQuestion): Promise<ProfileQuestion[]> {
    return this.questions.update(user.id, id, body);
  }

  @Route(questionsEndpoints.moveProfileQuestion)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Move an active question one place up or down' })
  @ApiOkResponse({ description: 'ProfileQuestion[]' })
  @ApiNotFoundResponse({ description: 'No such active question' })
  @ApiConflictResponse({ description: 'Already first (up) or last (down)' })
  @ApiAnswer(questionList)
  move(@CurrentUser() user: AuthUser, @IdParam('id') id: number, @Body(new ZodPipe(moveQuestionSchema)) body: MoveQuestion): Promise<ProfileQuestion[]> {
    return this.questions.move(user.id, id, body);
  }
}
