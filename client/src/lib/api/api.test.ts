import { describe, expect, it } from '@jest/globals';
import { liveTagsOfRooms } from './api';

describe(liveTagsOfRooms.name, () => {
  it("should name what each room's events keep fresh", () => {
    expect(liveTagsOfRooms(['contestant:vera'])).toEqual(['Contestant', 'Me']);
    expect(liveTagsOfRooms(['group:5', 'group:6'])).toEqual(['Leaderboard', 'GroupContestants']);
    expect(liveTagsOfRooms(['contest:1', 'contests'])).toEqual(['Countdown', 'Leaderboard', 'GroupContestants']);
  });
});
