import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { EmailTemplateForm } from './email-template-form';

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

const rendered = { data: { subject: 'Welcome Ada', html: '<p>Hello Ada</p>', text: 'Hello Ada' } };

function answer(handle: (request: SeenRequest) => Reply) {
  const fake = fakeAdapter(handle);
  api.defaults.adapter = fake.adapter;
  return fake.seen;
}

function renderForm(events: { id: number; name: string }[] = []) {
  return renderRoute('/email-templates/create', [
    {
      path: '/email-templates/create',
      element: (
        <EmailTemplateForm
          template={null}
          eventId={events.length ? null : 1}
          events={events}
          categories={[]}
          cancelTo="/email-templates"
          onSaved={() => {}}
        />
      ),
    },
    { path: '/email-templates', element: <h1>Email Templates</h1> },
  ]);
}

const placeholders = () =>
  within(screen.getByRole('list', { name: 'Placeholders' }))
    .getAllByRole('button')
    .map((button) => button.querySelector('code')?.textContent);

describe('EmailTemplateForm', () => {
  it('lists the placeholders of the chosen purpose, and changes them with the purpose', () => {
    answer(() => ({ status: 200, data: rendered }));
    renderForm();

    expect(placeholders()).toContain('{{registrationLink}}');
    fill(screen.getByRole('combobox', { name: /Purpose/ }), 'password_reset');
    expect(placeholders()).toContain('{{resetLink}}');
    expect(placeholders()).not.toContain('{{registrationLink}}');
    expect(placeholders()).not.toContain('{{eventName}}');
    expect(placeholders()).not.toContain('{{badgeQr}}');
    fill(screen.getByRole('combobox', { name: /Purpose/ }), 'badge_confirmation');
    expect(placeholders()).toContain('{{badgeQr}}');
  });

  it('inserts a placeholder at the cursor of the body being written', () => {
    answer(() => ({ status: 200, data: rendered }));
    renderForm();
    const body = screen.getByRole('textbox', { name: /HTML body/ }) as HTMLTextAreaElement;
    fill(body, '<p>Dear </p>');
    fireEvent.focus(body);
    body.setSelectionRange(8, 8);

    fireEvent.click(screen.getByRole('button', { name: /First name of the recipient/ }));
    expect(body.value).toBe('<p>Dear {{firstName}}</p>');
  });

  it('sends the template as written, to the fixed event, with an empty text body as none', async () => {
    const seen = answer((request) =>
      request.url.endsWith('/preview') ? { status: 200, data: rendered } : { status: 201, data: { data: { id: 4 } } },
    );
    renderForm();

    fill(screen.getByRole('textbox', { name: /Name/ }), 'Registration 2027');
    fill(screen.getByRole('textbox', { name: /Subject/ }), 'Register for {{eventName}}');
    fill(screen.getByRole('textbox', { name: /HTML body/ }), '<a href="{{registrationLink}}">Register</a>');
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));

    await waitFor(() => expect(seen.filter((request) => request.url === '/admin/email-templates')).toHaveLength(1));
    expect(seen.find((request) => request.url === '/admin/email-templates')).toMatchObject({
      method: 'POST',
      body: {
        eventId: 1,
        badgeCategoryId: null,
        name: 'Registration 2027',
        purpose: 'registration_link',
        subject: 'Register for {{eventName}}',
        htmlBody: '<a href="{{registrationLink}}">Register</a>',
        textBody: null,
        isActive: true,
      },
    });
  });

  it('offers "Global" to a user without an event, and sends it as no event', async () => {
    const seen = answer((request) =>
      request.url.endsWith('/preview') ? { status: 200, data: rendered } : { status: 201, data: { data: { id: 4 } } },
    );
    renderForm([{ id: 7, name: 'Expo 2027' }]);

    expect((screen.getByRole('combobox', { name: /Event/ }) as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('option', { name: 'Global (every event)' })).toBeTruthy();
    fill(screen.getByRole('textbox', { name: /Name/ }), 'Reset');
    fill(screen.getByRole('combobox', { name: /Purpose/ }), 'password_reset');
    fill(screen.getByRole('textbox', { name: /Subject/ }), 'Reset');
    fill(screen.getByRole('textbox', { name: /HTML body/ }), '{{resetLink}}');
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));

    await waitFor(() => expect(seen.some((request) => request.url === '/admin/email-templates')).toBe(true));
    expect(seen.find((request) => request.url === '/admin/email-templates')?.body).toMatchObject({
      eventId: null,
      purpose: 'password_reset',
    });
  });

  it("puts the server's 400 details on the fields they name", async () => {
    answer((request) =>
      request.url.endsWith('/preview')
        ? { status: 200, data: rendered }
        : {
            status: 400,
            data: {
              message: 'Validation failed',
              details: [{ field: 'htmlBody', message: 'Unknown placeholder {{firstname}}' }],
            },
          },
    );
    renderForm();

    fill(screen.getByRole('textbox', { name: /Name/ }), 'Broken');
    fill(screen.getByRole('textbox', { name: /Subject/ }), 'Hello');
    fill(screen.getByRole('textbox', { name: /HTML body/ }), 'Dear {{firstname}} {{registrationLink}}');
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));

    expect(await screen.findByText('Unknown placeholder {{firstname}}')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /HTML body/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: /Subject/ }).getAttribute('aria-invalid')).toBe('false');
  });

  it('previews the written template in a sandboxed frame, and says a refused placeholder at its field', async () => {
    answer((request) => {
      const body = request.body as { subject: string };
      return body.subject.includes('{{nope}}')
        ? {
            status: 400,
            data: {
              message: 'Unknown placeholder',
              details: [{ field: 'subject', message: 'Unknown placeholder {{nope}}' }],
            },
          }
        : { status: 200, data: rendered };
    });
    renderForm();

    fill(screen.getByRole('textbox', { name: /Subject/ }), 'Welcome {{firstName}}');
    fill(screen.getByRole('textbox', { name: /HTML body/ }), '<p>Hello {{firstName}}</p>');
    expect(await screen.findByText('Welcome Ada')).toBeTruthy();
    const frame = screen.getByTitle('HTML part');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Hello Ada</p>');

    fill(screen.getByRole('textbox', { name: /Subject/ }), 'Welcome {{nope}}');
    expect(await screen.findByText('Unknown placeholder {{nope}}')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Subject/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('previews for the template’s own event', async () => {
    const seen = answer(() => ({ status: 200, data: rendered }));
    renderForm();
    fill(screen.getByRole('textbox', { name: /Subject/ }), 'Welcome {{firstName}}');
    fill(screen.getByRole('textbox', { name: /HTML body/ }), '<p>Hello {{firstName}}</p>');
    await waitFor(() => expect(seen.some((request) => request.url.endsWith('/preview'))).toBe(true));
    expect(seen.find((request) => request.url.endsWith('/preview'))?.body).toMatchObject({ eventId: 1, badgeCategoryId: null });
  });

  it('asks before a link leaves unsaved changes, and stays or leaves as answered', async () => {
    answer(() => ({ status: 200, data: rendered }));
    const { router } = renderForm();
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    // Nothing written yet: the link leaves at once.
    expect(router.state.location.pathname).toBe('/email-templates');

    await router.navigate('/email-templates/create');
    fill(await screen.findByRole('textbox', { name: /Subject/ }), 'Half written');
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(router.state.location.pathname).toBe('/email-templates/create');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByRole('textbox', { name: /Subject/ }) as HTMLInputElement).value).toBe('Half written');

    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-templates'));
  });

  it('asks the browser to confirm closing the tab while changes are unsaved', () => {
    answer(() => ({ status: 200, data: rendered }));
    renderForm();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fill(screen.getByRole('textbox', { name: /Subject/ }), 'Half written');
    expect(unload()).toBe(true);
  });
});
