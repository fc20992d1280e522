/**
 * How many entries a group of a contest holds: the contest's group_size_cap, or the configured
 * GROUP_CAPACITY_DEFAULT. The one source of the number every answer carries (Contest.group_capacity,
 * ContestGroup.capacity, is_full) and placement obeys, so no screen shows a figure of its own
 * (docs/product.md#notes-on-the-spec).
 */
export class GroupCapacity {
  constructor(readonly defaultCapacity: number) {}

  of(contest: { groupSizeCap: number | null }): number {
    return contest.groupSizeCap ?? this.defaultCapacity;
  }

  isFull(contest: { groupSizeCap: number | null }, count: number): boolean {
    return count >= this.of(contest);
  }
}
