export const importKeys = {
  all: ['imports'] as const,
  recent: () => [...importKeys.all, 'recent'] as const,
  detail: (id: string) => [...importKeys.all, 'detail', id] as const,
  errors: (id: string) => [...importKeys.all, 'errors', id] as const,
};
