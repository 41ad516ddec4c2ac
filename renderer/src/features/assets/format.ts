const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** A byte count for people: "0 B", "512 B", "1.5 MB", "12 GB" (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${UNITS[unit]}`;
}

/** A transfer speed: "1.2 MB/s". */
export function formatSpeed(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s`;
}

/** Time left, rounded up: "4 s left", "2 min 5 s left", "1 h 3 min left". */
export function formatRemaining(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole} s left`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${whole % 60} s left`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}
