import type { RenderedEmail } from '@portal/shared/email-templates';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

/**
 * The template as a recipient reads it, filled in from its event (sample values where it has none);
 * scripts and links in the HTML stay inert.
 */
export function TemplatePreview({
  rendered,
  pending,
  problem,
}: {
  rendered: RenderedEmail | null;
  pending: boolean;
  problem: string | null;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Preview</CardTitle>
        {pending && <Spinner size="sm" label="Updating the preview" />}
      </CardHeader>
      <CardContent className="grid gap-3">
        {problem ? (
          <p role="status" className="text-sm text-destructive">
            {problem}
          </p>
        ) : rendered == null ? (
          <p className="text-sm text-muted-foreground">Write a subject and an HTML body to see the mail.</p>
        ) : (
          <>
            <p className="text-sm">
              <span className="text-muted-foreground">Subject: </span>
              <span data-testid="preview-subject" className="font-medium">
                {rendered.subject}
              </span>
            </p>
            <iframe
              title="HTML part"
              sandbox=""
              srcDoc={rendered.html}
              className="h-72 w-full rounded-md border bg-white"
            />
            <details>
              <summary className="cursor-pointer text-sm">Text part</summary>
              <pre className="mt-2 max-h-60 overflow-auto text-xs whitespace-pre-wrap">{rendered.text}</pre>
            </details>
          </>
        )}
      </CardContent>
    </Card>
  );
}
