import { ConnectionPill } from '@/components/scanning/connection-pill';

/** Online or not, and how many scans and changes wait on this phone to be sent. */
export function BoothStatus({ online, queued }: { online: boolean; queued: number }) {
  return <ConnectionPill online={online} queued={queued} allSent="Everything sent" testId="booth-status" />;
}
