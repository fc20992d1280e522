// GET /admin/current-contest/countdown (public) → the current contest's dates and the server's clock;
// 404 'No current contest found.'. The answer keeps the offset of the server's clock
// from this device's, so the countdown ticks by the server. Contest pushes (room `contests`) move the
// dates without a reload; when another contest becomes current, or none is, the answer is fetched again.
import type { AnswerOf } from '#contract/api/endpoint';
import type { ContestCountdown } from '#contract/contests/answers';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from './api';
import { request } from './request';
import { listenWhileCached } from '@/lib/realtime/live-cache';
import { clockOffset } from '@/lib/server-clock';

const countdown = contestsEndpoints.countdown;

export interface Countdown extends ContestCountdown {
  /** server_time minus this device's time when the answer arrived. */
  offset_ms: number;
}

export const countdownApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCountdown: build.query<Countdown, void>({
      query: () => request(countdown),
      transformResponse: (answer: AnswerOf<typeof countdown>) => ({ ...answer, offset_ms: clockOffset(answer.server_time) }),
      providesTags: ['Countdown'],
      async onCacheEntryAdded(_arg, lifecycle) {
        const { updateCachedData, getCacheEntry, dispatch } = lifecycle;
        await listenWhileCached(lifecycle, {
          contest: (event) => {
            const shown = getCacheEntry().data;
            if (event.is_current && !event.deleted && shown?.id === event.id) {
              updateCachedData((c) => {
                c.contest_name = event.contest_name;
                c.start_date = event.start_date;
                c.end_date = event.end_date;
                c.is_active = event.is_active;
                c.rounds = event.rounds;
                c.current_round = event.current_round;
                c.carry_votes = event.carry_votes;
                c.server_time = event.server_time;
                c.offset_ms = clockOffset(event.server_time);
              });
            } else if (event.is_current || shown?.id === event.id) {
              dispatch(api.util.invalidateTags(['Countdown']));
            }
          },
        });
      },
    }),
  }),
});

export const {
  useGetCountdownQuery,
  endpoints: { getCountdown },
} = countdownApi;
