import { toast } from 'sonner';
import { Card, CardContent } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { useLeadTeamSettings, useUpdateLeadTeamSettings } from '../api/team-settings';

/** The exhibitor account's choice of whether its sub-accounts see the team's leads or each their own. */
export function TeamSharingCard() {
  const settings = useLeadTeamSettings({ enabled: true });
  const update = useUpdateLeadTeamSettings();
  const checked = update.isPending
    ? (update.variables?.shareWithTeam ?? false)
    : (settings.data?.shareWithTeam ?? false);
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-4 pt-5">
        <div className="grid gap-1">
          <label htmlFor="lead-share-with-team" className="text-sm font-medium">
            Sub-accounts see every lead of the team
          </label>
          <p id="lead-share-with-team-hint" className="text-sm text-muted-foreground">
            {settings.isError
              ? errorMessage(settings.error, 'The setting could not be loaded.')
              : 'When off, each sub-account sees the leads it scanned itself. You always see them all.'}
          </p>
        </div>
        <Switch
          id="lead-share-with-team"
          aria-describedby="lead-share-with-team-hint"
          checked={checked}
          disabled={!settings.data || update.isPending}
          onCheckedChange={(shareWithTeam) =>
            update.mutate(
              { shareWithTeam },
              {
                onSuccess: () =>
                  toast.success(
                    shareWithTeam ? 'Sub-accounts now see every lead' : 'Sub-accounts now see their own leads',
                  ),
                onError: (error) => toast.error(errorMessage(error, 'The setting could not be saved')),
              },
            )
          }
        />
      </CardContent>
    </Card>
  );
}
