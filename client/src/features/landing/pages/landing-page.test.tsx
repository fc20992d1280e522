import { describe, expect, it } from '@jest/globals';
import { inLocale } from '@/testing/locale';
import { paths } from '@/lib/paths';
import { mockNetwork } from '@/testing/server';
import { renderApp } from '@/testing/render-app';
import { SITE } from '@/testing/fixtures';

describe('LandingPage', () => {
  it("should render the hero, 'Why Enter ScreamStage?', the steps and the calls to action", async () => {
    mockNetwork({ 'GET /api/v1/site': { body: SITE } });
    const { screen } = renderApp(paths.home());
    expect(await screen.findByRole('heading', { name: "This Isn't a Dream. It's Your Horror Debut." })).toBeInTheDocument();
    expect(screen.getByText('Step out of the shadows and into the scream scene — only the bold survive.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Why Enter ScreamStage?' }).closest('section')).toHaveAttribute('id', 'features');
    for (const card of ['Perform in Real Horror Films', 'Win Killer Prizes', 'Jumpstart Your Horror Career']) {
      expect(screen.getByRole('heading', { name: card })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'How It Works' }).closest('section')).toHaveAttribute('id', 'how-it-works');
    expect(screen.getAllByRole('listitem').filter((li) => li.closest('#how-it-works'))).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'REGISTER NOW' })).toHaveAttribute('href', paths.register());
    expect(screen.getByRole('button', { name: 'LEARN MORE' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See who leads the current contest' })).toHaveAttribute('href', paths.leaderboard());
    const testimonials = screen.getByRole('heading', { name: 'Voices From the Stage' }).closest('section')!;
    expect(testimonials).toHaveAttribute('id', 'testimonials');
    expect(testimonials.querySelectorAll('[data-testid="generated-avatar"]').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('heading', { name: 'Ready to Showcase Your Talent?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', paths.register());
    expect(screen.getByRole('link', { name: 'Have Questions?' })).toHaveAttribute('href', paths.contactSupport());
  });

  it('should use the product name the server is configured with', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: { ...SITE, product_name: 'FrightNight' } } });
    const { screen } = renderApp(paths.home());
    expect(await screen.findByRole('heading', { name: 'Why Enter FrightNight?' })).toBeInTheDocument();
  });

  it('should fall back to ScreamStage when the site settings cannot be read', async () => {
    mockNetwork({ 'GET /api/v1/site': { status: 500, body: {} } });
    const { screen } = renderApp(paths.home());
    expect(await screen.findByRole('heading', { name: 'Why Enter ScreamStage?' })).toBeInTheDocument();
  });
});

describe('LandingPage in Brazilian Portuguese', () => {
  inLocale('pt-BR');

  it('should show the hero, the features and the calls to action in Portuguese', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: SITE } });
    const { screen } = renderApp(paths.home());
    expect(await screen.findByRole('heading', { name: 'Isto não é um sonho. É a sua estreia no terror.' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Por que participar do ScreamStage?' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Como funciona' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SAIBA MAIS' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inscreva-se agora' })).toHaveAttribute('href', paths.register());
  });
});
