import { Controller, Headers, HttpStatus, Param, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { pathShareCardSchema } from '#contract/common/params.js';
import { ApiFileAnswer, ApiPathParam } from '#server/common/api-docs.js';
import type { FastifyReply } from 'fastify';
import { SHARE_CARD_PREVIEW_WIDTHS, type ShareCardPreviewWidth } from '#contract/profiles/picture-variants.js';
import { PROFILE_MESSAGES } from '#contract/profiles/messages.js';
import { detailError, ValidationFailed } from '#server/common/errors.js';
import { profilesEndpoints } from '#contract/profiles/endpoints.js';
import { Route } from '#server/common/http/route.js';
import { ShareCardService } from './share-card.service.js';

/** Scrapers may keep a card this long; its address changes (?v=) whenever what it shows changes. */
const CARD_CACHE_CONTROL = 'public, max-age=300';

@ApiTags('share')
@Controller()
export class ShareCardsController {
  constructor(private readonly cards: ShareCardService) {}

  @Route(profilesEndpoints.shareCard)
  @ApiOperation({ summary: "A contestant's 1200×630 share card (og:image): /share-cards/{username}.png" })
  @ApiFileAnswer('image/png')
  @ApiPathParam('file', pathShareCardSchema)
  @ApiOkResponse({ description: 'PNG, with ETag and Cache-Control; 304 on a matching If-None-Match' })
  @ApiQuery({ name: 'width', required: false, enum: [...SHARE_CARD_PREVIEW_WIDTHS], description: 'A smaller rendition for a preview on a page' })
  @ApiNotFoundResponse({ description: 'Profile not found' })
  @ApiUnprocessableEntityResponse({ description: 'A width that is not offered' })
  async card(
    @Param('file') file: string,
    @Query('width') width: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!file.endsWith('.png')) throw detailError(HttpStatus.NOT_FOUND, PROFILE_MESSAGES.notFound);
    const scaled = previewWidth(width);
    const { facts, key } = await this.cards.key(file.slice(0, -'.png'.length));
    const etag = scaled ? `"${key}-${scaled}w"` : `"${key}"`;
    void reply.header('cache-control', CARD_CACHE_CONTROL).header('etag', etag);
    if (ifNoneMatch && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))) {
      void reply.code(HttpStatus.NOT_MODIFIED).send();
      return;
    }
    const card = scaled ? await this.cards.preview(facts, key, scaled) : await this.cards.card(facts, key);
    void reply.code(HttpStatus.OK).type('image/png').send(card.data);
  }
}

/** The preview width asked for (none: the full card); any other value is refused. */
function previewWidth(width: string | undefined): ShareCardPreviewWidth | null {
  if (width === undefined) return null;
  const found = SHARE_CARD_PREVIEW_WIDTHS.find((w) => String(w) === width);
  if (!found) {
    throw new ValidationFailed([{ loc: ['query', 'width'], msg: `width must be one of ${SHARE_CARD_PREVIEW_WIDTHS.join(', ')}`, type: 'value_error.enum' }]);
  }
  return found;
}
