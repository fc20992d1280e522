import { Controller, Get, Headers, HttpStatus, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { PROFILE_MESSAGES } from '#contract/votes.js';
import { detailError } from '#server/common/errors.js';
import { ShareCardService } from './share-card.service.js';

/** Scrapers may keep a card this long; its address changes (?v=) whenever what it shows changes. */
const CARD_CACHE_CONTROL = 'public, max-age=300';

@ApiTags('share')
@Controller('share-cards')
export class ShareCardsController {
  constructor(private readonly cards: ShareCardService) {}

  @Get(':file')
  @ApiOperation({ summary: "A contestant's 1200×630 share card (og:image): /share-cards/{username}.png" })
  @ApiProduces('image/png')
  @ApiOkResponse({ description: 'PNG, with ETag and Cache-Control; 304 on a matching If-None-Match' })
  @ApiNotFoundResponse({ description: 'Profile not found' })
  async card(@Param('file') file: string, @Headers('if-none-match') ifNoneMatch: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    if (!file.endsWith('.png')) throw detailError(HttpStatus.NOT_FOUND, PROFILE_MESSAGES.notFound);
    const { facts, key } = await this.cards.key(file.slice(0, -'.png'.length));
    const etag = `"${key}"`;
    void reply.header('cache-control', CARD_CACHE_CONTROL).header('etag', etag);
    if (ifNoneMatch && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))) {
      void reply.code(HttpStatus.NOT_MODIFIED).send();
      return;
    }
    const card = await this.cards.card(facts, key);
    void reply.code(HttpStatus.OK).type('image/png').send(card.data);
  }
}
