import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { useInViewPlayback } from './use-in-view-playback';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
let observed: { callback: Callback; threshold: unknown } | null = null;

class FakeObserver {
  constructor(callback: Callback, options: IntersectionObserverInit) {
    observed = { callback, threshold: options.threshold };
  }
  observe() {}
  disconnect() {}
}

function Video() {
  return <video data-testid="video" ref={useInViewPlayback()} />;
}

const enter = (ratio: number) => act(() => observed!.callback([{ isIntersecting: ratio > 0, intersectionRatio: ratio }]));

describe('useInViewPlayback', () => {
  beforeEach(() => {
    Object.assign(globalThis, { IntersectionObserver: FakeObserver });
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    observed = null;
  });

  it('should play at half in view and pause otherwise', async () => {
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    render(<Video />);
    expect(observed?.threshold).toBe(0.5);
    await enter(0.6);
    expect(play).toHaveBeenCalledTimes(1);
    await enter(0.2);
    expect(pause).toHaveBeenCalledTimes(1);
    play.mockRestore();
    pause.mockRestore();
  });

  it('should mute and play again when the browser refuses to play', async () => {
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValueOnce(new Error('NotAllowedError')).mockResolvedValue(undefined);
    const { getByTestId } = render(<Video />);
    const video = getByTestId('video') as HTMLVideoElement;
    video.muted = false;
    await enter(1);
    await act(async () => {});
    expect(play).toHaveBeenCalledTimes(2);
    expect(video.muted).toBe(true);
    play.mockRestore();
  });
});
