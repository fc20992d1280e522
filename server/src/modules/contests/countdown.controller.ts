import { Controller } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type ContestCountdown, contestCountdownSchema } from '#contract/contests/answers.js';
import { CountdownService } from './countdown.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { contestsEndpoints } from '#contract/contests/endpoints.js';
import { Route } from '#server/common/http/route.js';

/** Under /admin by its given path, but public: the profile and vote pages show the countdown to anyone. */
@ApiTags('contests')
@Controller()
export class CountdownController {
  constructor(private readonly countdown: CountdownService) {}

  @Route(contestsEndpoints.countdown)
  @ApiOperation({ summary: 'The current contest’s dates, with the server’s clock (no sign-in needed)' })
  @ApiOkResponse({ description: 'ContestCountdown {id, contest_name, start_date, end_date, is_active, server_time}' })
  @ApiNotFoundResponse({ description: 'No current contest found.' })
  @ApiAnswer(contestCountdownSchema)
  get(): Promise<ContestCountdown> {
    return this.countdown.current();
  }
}
