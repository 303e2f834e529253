/** A Fastify hook option (one hook, several, or none) as a list, so a plugin can add its own to it. */
export function toArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
