import { ConstructionIcon, HomeIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { StandalonePage } from './standalone-page';

/** The placeholder of a public screen (registration, payment status) that a later release builds. */
export function PublicComingSoonPage({ title }: { title: string }) {
  return (
    <StandalonePage
      code="Coming soon"
      icon={ConstructionIcon}
      title={title}
      description="This page is being built and will be available shortly."
      actions={
        <Button asChild variant="outline">
          <Link to={paths.home.href()}>
            <HomeIcon aria-hidden />
            Go Home
          </Link>
        </Button>
      }
    />
  );
}
