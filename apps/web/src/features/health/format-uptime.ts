/** Uptime in hours and minutes, as the health card shows it. */
export function formatUptime(seconds: number): string {
  const totalMinutes = Math.max(0, Math.floor(seconds / 60));
  return `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m`;
}
