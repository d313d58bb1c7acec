/**
 * The pending or finished build under `key`, started once however many requests ask at the same time; a build
 * that fails leaves the map, so the next request tries again.
 */
export function sharedBuild<K, T>(map: Map<K, Promise<T>>, key: K, build: () => Promise<T>): Promise<T> {
  let pending = map.get(key);
  if (!pending) {
    const started = build();
    started.catch(() => map.get(key) === started && map.delete(key));
    map.set(key, (pending = started));
  }
  return pending;
}
