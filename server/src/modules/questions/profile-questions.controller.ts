import { Controller } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type ProfileQuestion, profileQuestionSchema } from '#contract/questions/answers.js';
import { questionsEndpoints } from '#contract/questions/endpoints.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { Route } from '#server/common/http/route.js';
import { ProfileQuestionsService } from './profile-questions.service.js';

const questionList = z.array(profileQuestionSchema);

/** The active profile questions, for the forms that ask them. */
@ApiTags('profile questions')
@Controller()
export class ProfileQuestionsController {
  constructor(private readonly questions: ProfileQuestionsService) {}

  @Route(questionsEndpoints.profileQuestions)
  @ApiOperation({ summary: 'The questions the profile forms ask, in order (retired ones are left out)' })
  @ApiOkResponse({ description: 'ProfileQuestion[]' })
  @ApiAnswer(questionList)
  active(): Promise<ProfileQuestion[]> {
    return this.questions.active();
  }
}
