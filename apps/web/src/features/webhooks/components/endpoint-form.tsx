import { zodResolver } from '@hookform/resolvers/zod';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  webhookEndpointBodySchema,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@portal/shared/webhooks';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { SwitchField } from '@/components/form/switch-field';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateEndpoint, useUpdateEndpoint } from '../api/endpoints';

type EndpointFormProps = {
  eventId: number;
  endpoint: WebhookEndpoint | null;
  /** A new endpoint answers itself with its secret, to show once; an edit answers null. */
  onSaved: (created: WebhookEndpointWithSecret | null) => void;
};

// The switch always has a value in the form; the API's default is for callers that leave it out.
const formSchema = webhookEndpointBodySchema.extend({ enabled: z.boolean() });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** Create or edit an endpoint: where messages go, what it is, which event types it hears of. */
export function EndpointForm({ eventId, endpoint, onSaved }: EndpointFormProps) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      eventTypes:
        (endpoint?.eventTypes.filter((type) =>
          (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type),
        ) as FormInput['eventTypes']) ?? [],
      enabled: endpoint?.enabled ?? true,
    },
  });
  const create = useCreateEndpoint(eventId);
  const update = useUpdateEndpoint();
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, body });
        toast.success('Endpoint saved');
        onSaved(null);
      } else {
        onSaved(await create.mutateAsync(body));
      }
    } catch (error) {
      applyServerErrors(error, form.setError, ['url', 'description', 'eventTypes', 'enabled']);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <FormAlert message={errors.root?.server?.message} />
      <FormField
        id="webhook-url"
        label="Address"
        required
        error={errors.url?.message}
        hint="An https:// address of your system that takes a POST. Internal addresses are refused."
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('url')}
            type="url"
            inputMode="url"
            placeholder="https://crm.example.com/hooks/portal"
          />
        )}
      </FormField>
      <FormField
        id="webhook-description"
        label="Description"
        error={errors.description?.message}
        hint="What receives it, for your own reference."
      >
        {(control) => <Input {...control} {...form.register('description')} placeholder="CRM" />}
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.eventTypes ? 'webhook-types-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">
          Event types
          <span aria-hidden className="ml-0.5 text-destructive">
            *
          </span>
        </legend>
        <Controller
          control={form.control}
          name="eventTypes"
          render={({ field }) => (
            <div className="grid max-h-64 gap-1 overflow-y-auto rounded-lg border p-2 sm:grid-cols-2">
              {WEBHOOK_EVENT_TYPES.map((type) => {
                const id = `webhook-type-${type.replace(/\W/g, '-')}`;
                return (
                  <div key={type} className="flex items-center gap-2 rounded-md p-1.5 hover:bg-muted/50">
                    <Checkbox
                      id={id}
                      checked={field.value.includes(type)}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked === true ? [...field.value, type] : field.value.filter((value) => value !== type),
                        )
                      }
                    />
                    <Label htmlFor={id} className="grid gap-0 font-normal">
                      <span>{WEBHOOK_EVENT_LABELS[type]}</span>
                      <code className="text-xs text-muted-foreground">{type}</code>
                    </Label>
                  </div>
                );
              })}
            </div>
          )}
        />
        {errors.eventTypes && (
          <p id="webhook-types-error" className="text-xs font-medium text-destructive">
            {errors.eventTypes.message}
          </p>
        )}
      </fieldset>
      <SwitchField
        control={form.control}
        name="enabled"
        id="webhook-enabled"
        label="On"
        description="While off, messages wait and are sent once it is on again."
      />
      <FormActions
        pending={create.isPending || update.isPending}
        submitLabel={endpoint ? 'Save endpoint' : 'Add endpoint'}
      />
    </form>
  );
}
