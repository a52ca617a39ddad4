import { EMAIL_TEMPLATE_PLACEHOLDERS, type EmailTemplatePurpose } from '@portal/shared/email-templates';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** The placeholders a purpose may use; choosing one puts `{{name}}` where the cursor was. */
export function PlaceholderList({
  purpose,
  onChoose,
}: {
  purpose: EmailTemplatePurpose;
  onChoose: (name: string) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Placeholders</CardTitle>
        <p className="text-xs text-muted-foreground">
          Choose one to insert it at the cursor of the subject or a body, or to copy it.
        </p>
      </CardHeader>
      <CardContent>
        <ul aria-label="Placeholders" className="grid gap-1">
          {EMAIL_TEMPLATE_PLACEHOLDERS[purpose].map((placeholder) => (
            <li key={placeholder.name}>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-auto w-full flex-col items-start gap-0 py-1.5 text-left whitespace-normal"
                // Keeps the focus, and so the cursor, in the field being written.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onChoose(placeholder.name)}
              >
                <span className="text-sm">{placeholder.label}</span>
                <code className="text-xs text-muted-foreground">{`{{${placeholder.name}}}`}</code>
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
