import { useSession } from '@/lib/session';

/**
 * The time zone a lead's times are shown in: the event's, so that a scan at 09:00 in the hall reads
 * 09:00 from the head office too. A session stored before the event's zone was part of it has
 * none until the app has read the account again: the browser's zone stands in meanwhile.
 */
export function useEventTimeZone(): string {
  const zone: string | undefined = useSession()?.user.event?.timezone;
  return zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
