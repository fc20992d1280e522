// How backup archives are named and their sizes said.

const slugOf = (product: string) =>
  product
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'app';

/** `<product>-backup-YYYYMMDDTHHMMSSZ.tar.gz`: UTC, so names sort by time and never depend on the machine's zone. */
export function archiveName(product: string, at: Date): string {
  const slug = slugOf(product);
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${slug}-backup-${stamp}.tar.gz`;
}

/** The names archiveName gives (complete archives only: never a `.partial`). */
export const archivePattern = (product: string) => new RegExp(`^${slugOf(product)}-backup-\\d{8}T\\d{6}Z\\.tar\\.gz$`);

export function describeSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}
