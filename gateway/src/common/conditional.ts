/** HTTP content negotiation and validators shared by the cached routes (init, public order view). */

/** Picks br, then gzip, honouring q=0; identity otherwise. */
export function pickEncoding(accept: string | undefined, hasBrotli: boolean): 'br' | 'gzip' | null {
  if (!accept) return null;
  const offered = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (hasBrotli && ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}
