import { areaOf, isPermission, PERMISSION_AREAS, type PermissionArea } from '@portal/shared/permissions';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

/** `view_exhibitor_users` reads "View exhibitor users". */
function permissionLabel(name: string): string {
  const words = name.replace(/_/g, ' ').replace(/\bvip\b/g, 'VIP');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type OwnPermissionPickerProps = { held: readonly string[]; value: string[]; onChange: (value: string[]) => void };

/** The user's own permissions grouped by the catalogue's areas, each area with a select-all box. */
export function OwnPermissionPicker({ held, value, onChange }: OwnPermissionPickerProps) {
  const selected = new Set(value);
  const own = held.filter(isPermission);
  const areas = (Object.keys(PERMISSION_AREAS) as PermissionArea[])
    .map((area) => ({ area, names: own.filter((name) => areaOf(name) === area) }))
    .filter((group) => group.names.length > 0);

  const set = (names: readonly string[], on: boolean) => {
    const next = new Set(selected);
    names.forEach((name) => (on ? next.add(name) : next.delete(name)));
    onChange(own.filter((name) => next.has(name)));
  };

  return (
    <div className="grid max-h-80 gap-3 overflow-y-auto rounded-lg border p-2 md:grid-cols-2">
      {areas.map(({ area, names }) => {
        const count = names.filter((name) => selected.has(name)).length;
        const areaId = `api-token-area-${area.replace(/\W+/g, '-').toLowerCase()}`;
        return (
          <fieldset key={area} className="rounded-md bg-muted/20 p-2">
            <legend className="sr-only">{area}</legend>
            <div className="mb-1.5 flex items-center gap-2">
              <Checkbox
                id={areaId}
                checked={count === names.length ? true : count > 0 ? 'indeterminate' : false}
                onCheckedChange={(checked) => set(names, checked === true)}
                aria-label={`All ${area} permissions`}
              />
              <Label htmlFor={areaId} className="flex-1 font-semibold">
                {area}
              </Label>
              <span className="text-xs text-muted-foreground tabular-nums">
                {count}/{names.length}
              </span>
            </div>
            <div className="grid gap-1.5 pl-6">
              {names.map((name) => {
                const id = `api-token-permission-${name}`;
                return (
                  <div key={name} className="flex items-center gap-2">
                    <Checkbox id={id} checked={selected.has(name)} onCheckedChange={(checked) => set([name], checked === true)} />
                    <Label htmlFor={id} className="font-normal">
                      {permissionLabel(name)}
                    </Label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
