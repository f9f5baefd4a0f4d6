/**
 * product.md §9: file sizes in Bytes/KB/MB/GB with 2 decimals (1 KB = 1024 bytes, as the original app counted). One
 * formatter for both sides: the web shows sizes with it, and the server writes the storage refusal's figures with it.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} Bytes`
  const units = ['KB', 'MB', 'GB'] as const
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value.toFixed(2)} ${units[unit]}`
}
