/** Every list query lives under `lists`, so one invalidation refreshes the index and the open list. */
export const listKeys = {
  all: ['lists'] as const,
  mine: () => ['lists', 'mine'] as const,
  detail: (id: string) => ['lists', 'detail', id] as const,
};
