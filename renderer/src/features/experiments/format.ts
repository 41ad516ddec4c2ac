/** A duration in words a person reads at a glance: "850 ms", "42 s", "3 min 5 s", "2 h 4 min", "3 d 1 h". */
export function formatDuration(millis: number): string {
  if (!Number.isFinite(millis) || millis < 0) return '';
  if (millis < 1000) return `${Math.round(millis)} ms`;
  const seconds = Math.floor(millis / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
