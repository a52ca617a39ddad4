import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';

/** No valid token on this device: never paired here, or the organiser unpaired it. */
export function UnpairedScreen({ revoked }: { revoked: boolean }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-bold">{revoked ? 'This device was unpaired' : 'This device is not paired yet'}</h1>
      <p className="text-muted-foreground">
        {revoked
          ? 'The organiser removed this device from check-in, or paired it again on another device. Scans not yet sent are kept and go out once it is paired again.'
          : 'To scan badges at the door, pair this device with a code from the organiser.'}
      </p>
      <p className="text-muted-foreground">
        Ask the organiser for a pairing code or link (Check-in → Devices), then pair.
      </p>
      <Link to={paths.checkInPair.href()} className={buttonVariants({ size: 'lg' })}>
        Pair this device
      </Link>
    </main>
  );
}
