// Landing page / (its reveals and timings: docs/product.md#timings).
import { TestimonialsSection } from '@/components/testimonials/testimonials-section';
import { useGetSiteQuery, useProductName } from '@/lib/api/site';
import { ClosingCta } from '../components/closing-cta';
import { FeaturesSection } from '../components/features-section';
import { HeroSection } from '../components/hero-section';
import { HowItWorksSection } from '../components/how-it-works-section';

const DEFAULT_MEDIA = { videoUrl: '/media/promo.mp4', posterUrl: '/media/promo-poster.jpg', imageUrl: '/media/hero.jpg' };

export function LandingPage() {
  const { data: site } = useGetSiteQuery();
  const productName = useProductName();
  const media = {
    videoUrl: site?.promo_video_url || DEFAULT_MEDIA.videoUrl,
    posterUrl: site?.promo_poster_url || DEFAULT_MEDIA.posterUrl,
    imageUrl: site?.hero_image_url || DEFAULT_MEDIA.imageUrl,
  };
  return (
    <>
      <HeroSection media={media} />
      <FeaturesSection productName={productName} />
      <HowItWorksSection />
      <TestimonialsSection />
      <ClosingCta />
    </>
  );
}
