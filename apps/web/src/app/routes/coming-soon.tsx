import { ConstructionIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** The placeholder of a screen that a later release builds: its route and guard are already live. */
export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card>
        <EmptyState
          icon={ConstructionIcon}
          title={`${title} is coming soon`}
          description="This screen is being built. Everything else in the portal is ready to use."
          action={
            <Button asChild variant="outline">
              <Link to={paths.home.href()}>Back to the start</Link>
            </Button>
          }
        />
      </Card>
    </>
  );
}
