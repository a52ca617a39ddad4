import { ConstructionIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Card } from '@/components/ui/card';

/** A tab whose content a later release of the portal brings: says which, rather than showing nothing. */
export function LaterFeature({ feature, description }: { feature: string; description: string }) {
  return (
    <Card>
      <EmptyState icon={ConstructionIcon} title={`${feature} are coming soon`} description={description} />
    </Card>
  );
}
