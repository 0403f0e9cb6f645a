/** Query values as the staff routes read them: unset ones left out, a list repeated (`id=a&id=b`). */
export type QueryValues = Record<string, string | readonly string[] | undefined | null>;

/** `path?name=value&…` with the values set (the path alone when none is). */
export function withQuery(path: string, values: QueryValues): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of typeof value === 'string' ? [value] : value) params.append(name, item);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
