import type { LeadSeats } from '@portal/shared/leads';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useLeadSeats, useUpdateLeadSeats } from '../api/seats';

const MODE_NOTES = {
  all: 'Everyone of your staff with the scan permission may scan leads at this event.',
  off: 'The organiser has turned lead scanning off for your company at this event.',
} as const;

/**
 * Where lead scanning is sold as an add-on, the exhibitor gives the seats it bought to members of
 * its staff; elsewhere a line says what applies instead.
 */
export function ScannerSeatsCard() {
  const seats = useLeadSeats({ enabled: true });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Lead scanning seats</CardTitle>
        {seats.data && seats.data.mode !== 'seats' && <CardDescription>{MODE_NOTES[seats.data.mode]}</CardDescription>}
      </CardHeader>
      {seats.isPending ? (
        <CardContent className="text-sm text-muted-foreground">Loading…</CardContent>
      ) : seats.isError ? (
        <CardContent className="text-sm text-destructive">
          {errorMessage(seats.error, 'The seats could not be loaded.')}
        </CardContent>
      ) : seats.data.mode === 'seats' ? (
        // Keyed by what was saved, so a save or a refund seen on reload starts the choice afresh.
        <SeatChoice key={JSON.stringify(seats.data)} seats={seats.data} />
      ) : null}
    </Card>
  );
}

function SeatChoice({ seats }: { seats: LeadSeats }) {
  const update = useUpdateLeadSeats();
  const [chosen, setChosen] = useState(() => new Set(seats.staff.filter((member) => member.hasSeat).map((member) => member.id)));
  const left = seats.seats - chosen.size;
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  if (seats.seats === 0) {
    return (
      <CardContent className="text-sm text-muted-foreground">
        Lead scanning is sold as an add-on at this event. Buy seats under{' '}
        <Link to={paths.allocationPurchases.href()} className="font-medium text-primary hover:underline">
          Allocation Purchases
        </Link>
        , then give one to each person who scans.
      </CardContent>
    );
  }
  return (
    <CardContent className="grid gap-4">
      <p className="text-sm" aria-live="polite">
        {formatCount(chosen.size)} of {formatCount(seats.seats)} {seats.seats === 1 ? 'seat' : 'seats'} given
      </p>
      <ul className="grid gap-2">
        {seats.staff.map((member) => {
          const checked = chosen.has(member.id);
          const id = `lead-seat-${member.id}`;
          return (
            <li key={member.id} className="flex items-center gap-3">
              <Checkbox
                id={id}
                checked={checked}
                disabled={update.isPending || (!checked && left <= 0)}
                onCheckedChange={(on) => toggle(member.id, on === true)}
              />
              <label htmlFor={id} className="grid text-sm">
                <span className="font-medium">
                  {member.name}
                  {member.type === 'exhibitor' && <span className="font-normal text-muted-foreground"> (you)</span>}
                </span>
                <span className="text-muted-foreground">{member.email}</span>
              </label>
            </li>
          );
        })}
      </ul>
      <div>
        <Button
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { adminIds: [...chosen] },
              {
                onSuccess: () => toast.success('Lead scanning seats saved'),
                onError: (error) => toast.error(errorMessage(error, 'The seats could not be saved')),
              },
            )
          }
        >
          Save
        </Button>
      </div>
    </CardContent>
  );
}
