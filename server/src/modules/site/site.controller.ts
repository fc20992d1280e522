import { Controller, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type SiteConfig, siteConfigSchema } from '#contract/site/answers.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { ContestCategoriesService } from '#server/modules/contests/contest-categories.service.js';
import { PaymentsService } from '#server/modules/payments/payments.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { siteEndpoints } from '#contract/site/endpoints.js';
import { Route } from '#server/common/http/route.js';

/** Settings the single-page app reads at start (the product's name is configurable). */
@ApiTags('site')
@Controller()
export class SiteController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payments: PaymentsService,
    private readonly categories: ContestCategoriesService,
  ) {}

  @Route(siteEndpoints.site)
  @ApiOperation({ summary: 'The settings the app reads at start: the product, its videos, the payment methods and the categories offered' })
  @ApiOkResponse({ description: 'SiteConfig' })
  @ApiAnswer(siteConfigSchema)
  async get(): Promise<SiteConfig> {
    const offered = this.payments.offered();
    return {
      product_name: this.config.PRODUCT_NAME,
      promo_video_url: '/media/promo.mp4',
      promo_poster_url: '/media/promo-poster.jpg',
      hero_image_url: '/media/hero.jpg',
      dashboard_video_urls: this.config.DASHBOARD_VIDEO_URLS,
      payment_methods: offered.methods,
      payments_test_mode: offered.testMode,
      charity_name: this.config.CHARITY_NAME,
      charity_beneficiary: this.config.CHARITY_BENEFICIARY,
      categories: await this.categories.forRegistration(),
    };
  }
}
