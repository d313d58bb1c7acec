/** 1.234 Bytes, 12,3 KB, 4,5 MB (German number format). */
export function formatBytes(bytes: number): string {
  const n = new Intl.NumberFormat('de-AT', { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${n.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${n.format(bytes / 1024)} KB`;
  return `${n.format(bytes / 1024 / 1024)} MB`;
}
