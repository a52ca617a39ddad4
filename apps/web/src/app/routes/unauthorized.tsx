import { ShieldXIcon } from 'lucide-react';
import { StandalonePage } from './standalone-page';

export default function UnauthorizedPage() {
  return (
    <StandalonePage
      code="403"
      icon={ShieldXIcon}
      title="Access Denied"
      description="You do not have permission to view this page. If you think you should, ask an administrator of your event."
    />
  );
}
