import { CompassIcon } from 'lucide-react';
import { StandalonePage } from './standalone-page';

export default function NotFoundPage() {
  return (
    <StandalonePage
      code="404"
      icon={CompassIcon}
      title="Page Not Found"
      description="The page you are looking for does not exist or has moved."
    />
  );
}
