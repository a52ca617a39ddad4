import { isAxiosError } from 'axios';
import type { BadgeRegistered, RegistrationReceived } from '@portal/shared/registration-links';
import { BadgeCheckIcon, CalendarXIcon, LinkIcon, MailCheckIcon, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useRegistrationLink } from '../api/get-registration-link';
import { BadgeRegistrationForm } from '../components/badge-registration-form';
import { RegistrationForm } from '../components/registration-form';
import { RegistrationFrame } from '../components/registration-frame';

function Closed({ icon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  return (
    <Card>
      <EmptyState
        icon={icon}
        title={title}
        description={description}
        action={
          <Button asChild variant="outline">
            <Link to={paths.login.href()}>Go to sign-in</Link>
          </Button>
        }
      />
    </Card>
  );
}

/** /register/:generatedLinkId: registration through a generated link, with the event's fixed information. */
export function RegisterPage() {
  const linkId = useParams().generatedLinkId ?? '';
  const link = useRegistrationLink(linkId);
  const [received, setReceived] = useState<RegistrationReceived | null>(null);
  const [registered, setRegistered] = useState<BadgeRegistered | null>(null);

  if (link.isPending) {
    return (
      <RegistrationFrame event={null} title="Registration">
        <div aria-busy="true" aria-label="Loading the registration" className="grid gap-4">
          <Skeleton rounded="xl" className="h-36" />
          <Skeleton rounded="xl" className="h-72" />
        </div>
      </RegistrationFrame>
    );
  }

  if (link.isError) {
    const status = isAxiosError(link.error) ? link.error.response?.status : undefined;
    return (
      <RegistrationFrame event={null} title="Registration">
        {status === 404 || status === 400 ? (
          <Closed
            icon={LinkIcon}
            title="This registration link does not exist"
            description="Check that the address is complete, or ask the event organiser for a new link."
          />
        ) : status === 410 ? (
          <Closed
            icon={CalendarXIcon}
            title="Registration is closed"
            description={`${errorMessage(link.error, 'This registration link can no longer be used')}. Ask the event organiser for a new link.`}
          />
        ) : (
          <Closed
            icon={LinkIcon}
            title="The registration could not be loaded"
            description={errorMessage(link.error, 'Please try again in a moment.')}
          />
        )}
      </RegistrationFrame>
    );
  }

  const { event, kind, category } = link.data;
  return (
    <RegistrationFrame event={event} kind={kind} title="Registration">
      {registered ? (
        <Card role="status">
          <EmptyState
            icon={BadgeCheckIcon}
            title="Your badge is registered"
            description={`Your ${registered.badgeCategory} badge for ${registered.eventName} is registered. We sent ${registered.email} a confirmation with your badge code: bring it to the event.`}
          />
        </Card>
      ) : received ? (
        <Card role="status">
          <EmptyState
            icon={MailCheckIcon}
            title="Check your email"
            description={`We have received the registration for ${received.eventName}. We sent ${received.email} a message with the next step: a link to choose your password, or, if the address already has an account, how to sign in.`}
            action={
              <Button asChild variant="outline">
                <Link to={paths.login.href()}>Go to sign-in</Link>
              </Button>
            }
          />
        </Card>
      ) : kind === 'exhibitor' ? (
        <>
          <div className="mb-6">
            <h2 className="text-lg font-semibold">Register your company</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Register as an exhibitor at {event.name}. We then email you a link to choose your password.
            </p>
          </div>
          <RegistrationForm linkId={linkId} onRegistered={setReceived} />
        </>
      ) : (
        <>
          <div className="mb-6">
            <h2 className="text-lg font-semibold">Register your badge</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {category ? `${category.name} badge for ${event.name}.` : `A badge for ${event.name}.`} We email you the
              badge code.
            </p>
          </div>
          <BadgeRegistrationForm
            linkId={linkId}
            fields={link.data.customFields}
            email={link.data.email}
            consent={link.data.leadConsent}
            onRegistered={setRegistered}
          />
        </>
      )}
    </RegistrationFrame>
  );
}
