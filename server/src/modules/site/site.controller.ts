import { Controller, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type SiteConfig, siteConfigSchema } from '#contract/site/answers.js';
import { OIDC_PROVIDERS } from '#contract/auth/constants.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { ContestCategoriesService } from '#server/modules/contests/contest-categories.service.js';
import { PaymentsService } from '#server/modules/payments/payments.service.js';
import { logoUrlOf, SiteSettingsService } from '#server/modules/site/site-settings.service.js';
import { VoteOfferService } from '#server/modules/vote-packages/vote-offer.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { siteEndpoints } from '#contract/site/endpoints.js';
import { Route } from '#server/common/http/route.js';

/** Settings the single-page app reads at start: the site's name, look and charity as the admin area set them. */
@ApiTags('site')
@Controller()
export class SiteController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payments: PaymentsService,
    private readonly settings: SiteSettingsService,
    private readonly offers: VoteOfferService,
    private readonly categories: ContestCategoriesService,
  ) {}

  @Route(siteEndpoints.site)
  @ApiOperation({
    summary: "The settings the app reads at start: the product, its look, its videos, the site's vote offer, the payment methods and the categories offered",
  })
  @ApiOkResponse({ description: 'SiteConfig' })
  @ApiAnswer(siteConfigSchema)
  async get(): Promise<SiteConfig> {
    const offered = this.payments.offered();
    const site = await this.settings.get();
    const offer = await this.offers.siteOffer();
    return {
      product_name: site.siteName,
      promo_video_url: '/media/promo.mp4',
      promo_poster_url: '/media/promo-poster.jpg',
      hero_image_url: '/media/hero.jpg',
      dashboard_video_urls: this.config.DASHBOARD_VIDEO_URLS,
      vote_offer: offer,
      payment_methods: offered.methods,
      payments_test_mode: offered.testMode,
      charity_name: site.charityName,
      charity_beneficiary: site.charityBeneficiary,
      charity_share: site.charityShare,
      charity_url: site.charityUrl,
      logo_url: logoUrlOf(site.logoKey),
      accent_color: site.accentColor,
      background_color: site.backgroundColor,
      categories: await this.categories.forRegistration(),
      sign_in_providers: OIDC_PROVIDERS.filter((p) => this.config.oidc[p]),
      vote_identity: this.config.VOTE_IDENTITY,
    };
  }
}
