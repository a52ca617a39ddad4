import type { BadgeLayout, BadgeLayoutInputBody, BadgeLayoutPreviewBody } from '@portal/shared/badge-layouts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter, type Reply, type SeenRequest } from '@/testing/fake-adapter';
import { fill, renderRoute } from '@/testing/render';
import { EVENT, layoutFixture } from '../testing/fixtures';
import { BadgeLayoutEditorPage } from './badge-layout-editor-page';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

const FIELD = { id: 5, label: 'Job title', type: 'text' };

function renderEditor(layout: BadgeLayout = layoutFixture(), answer: (request: SeenRequest) => Reply | undefined = () => undefined) {
  const { adapter, seen } = fakeAdapter((request) => {
    const answered = answer(request);
    if (answered) return answered;
    if (request.url === `/events/${EVENT.id}`) return { status: 200, data: { data: EVENT } };
    if (request.url === '/custom-fields') return { status: 200, data: { data: [FIELD], meta: { page: 1, per_page: 100, total: 1, total_pages: 1 } } };
    if (request.url === `/admin/events/${EVENT.id}/badge-layouts/preview`) {
      return { status: 200, data: { svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', widthMm: 105, heightMm: 148, warnings: [] } };
    }
    if (request.method === 'PUT' && request.url === `/admin/badge-layouts/${layout.id}`) {
      return { status: 200, data: { data: { ...layout, ...(request.body as BadgeLayoutInputBody) } } };
    }
    if (request.url === `/admin/badge-layouts/${layout.id}`) return { status: 200, data: { data: layout } };
    return { status: 404, data: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
  });
  api.defaults.adapter = adapter;
  const path = `/events/${EVENT.id}/badge-layouts/${layout.id}`;
  renderRoute(path, [{ path: '/events/:eventId/badge-layouts/:layoutId', element: <BadgeLayoutEditorPage /> }]);
  return { seen };
}

/** The name element's box on the preview, by its place as the label says it. */
const nameBox = (place: RegExp) => screen.findByRole('button', { name: new RegExp(`^Name: ${place.source}`) });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const saved = (seen: SeenRequest[]) => seen.filter((request) => request.method === 'PUT' && request.url === '/admin/badge-layouts/21').map((request) => request.body as BadgeLayoutInputBody);

describe('BadgeLayoutEditorPage', () => {
  it('moves an element by dragging its box, in millimetres snapped to 0.5 and kept on the badge', async () => {
    renderEditor();
    const box = await nameBox(/10 mm from the left, 20 mm from the top/);
    // Unmeasured (as in jsdom), the badge is drawn at 3 px per mm: 31 px is 10.33 mm, snapped to 10.5.
    fireEvent.pointerDown(box, { button: 0, clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(box, { clientX: 131, clientY: 115, pointerId: 1 });
    fireEvent.pointerUp(box, { pointerId: 1 });
    expect(field('X (mm)').value).toBe('20.5');
    expect(field('Y (mm)').value).toBe('25');

    // Far past the right edge: the box stops at the edge (105 − 60 mm).
    fireEvent.pointerDown(box, { button: 0, clientX: 0, clientY: 0, pointerId: 2 });
    fireEvent.pointerMove(box, { clientX: 900, clientY: 0, pointerId: 2 });
    fireEvent.pointerUp(box, { pointerId: 2 });
    expect(field('X (mm)').value).toBe('45');
    expect(await nameBox(/45 mm from the left, 25 mm from the top/)).toBe(box);
  });

  it('resizes an element from its corner handle', async () => {
    renderEditor();
    const box = await nameBox(/10 mm/);
    fireEvent.pointerDown(box, { button: 0, clientX: 0, clientY: 0, pointerId: 1 });
    fireEvent.pointerUp(box, { pointerId: 1 });
    const handle = box.querySelector('[data-handle="resize"]')!;
    fireEvent.pointerDown(handle, { button: 0, clientX: 0, clientY: 0, pointerId: 3 });
    fireEvent.pointerMove(handle, { clientX: -30, clientY: 15, pointerId: 3 });
    fireEvent.pointerUp(handle, { pointerId: 3 });
    expect(field('Width (mm)').value).toBe('50');
    expect(field('Height (mm)').value).toBe('17');
    expect(field('X (mm)').value).toBe('10');
  });

  it('moves the selected element with the arrow keys: 0.5 mm, 5 mm with Shift, never off the badge', async () => {
    renderEditor();
    const box = await nameBox(/10 mm/);
    box.focus();
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    fireEvent.keyDown(box, { key: 'ArrowDown', shiftKey: true });
    expect(field('X (mm)').value).toBe('10.5');
    expect(field('Y (mm)').value).toBe('25');
    for (let step = 0; step < 10; step += 1) fireEvent.keyDown(box, { key: 'ArrowUp', shiftKey: true });
    expect(field('Y (mm)').value).toBe('0');
    fireEvent.keyDown(box, { key: 'ArrowRight', altKey: true });
    expect(field('Width (mm)').value).toBe('60.5');
  });

  it('saves a place typed in millimetres, and shows it on the preview box', async () => {
    const { seen } = renderEditor();
    await nameBox(/10 mm/);
    fill(field('X (mm)'), '12.5');
    fill(field('Font size (pt)'), '30');
    expect(await nameBox(/12.5 mm from the left/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save layout' }));
    await waitFor(() => expect(saved(seen)).toHaveLength(1));
    expect(saved(seen)[0]!.elements![0]).toMatchObject({ kind: 'name', x: 12.5, fontSize: 30 });
    expect(await screen.findByText('All changes saved')).toBeTruthy();
  });

  it('shows a place past the badge edge on its field and sends nothing', async () => {
    const { seen } = renderEditor();
    await nameBox(/10 mm/);
    fill(field('Width (mm)'), '100');
    expect(await screen.findByText(/Reaches past the badge's right edge/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save layout' }));
    expect(saved(seen)).toHaveLength(0);
  });

  it('puts the server’s refusal on the element’s field', async () => {
    const { seen } = renderEditor(layoutFixture(), (request) =>
      request.method === 'PUT'
        ? {
            status: 400,
            data: {
              statusCode: 400,
              error: 'Bad Request',
              message: 'elements.0.minFontSize: At most the font size',
              details: [{ field: 'elements.0.minFontSize', message: 'At most the font size' }],
            },
          }
        : undefined,
    );
    await nameBox(/10 mm/);
    fill(field('Y (mm)'), '30');
    fireEvent.click(screen.getByRole('button', { name: 'Save layout' }));
    await waitFor(() => expect(saved(seen)).toHaveLength(1));
    const minimum = screen.getByLabelText('Minimum size (pt)');
    expect(await screen.findByText('At most the font size')).toBeTruthy();
    expect(minimum.getAttribute('aria-invalid')).toBe('true');
  });

  it('adds elements (a custom field answer asks which question) and removes them', async () => {
    const { seen } = renderEditor();
    await nameBox(/10 mm/);
    const elements = () => within(screen.getByRole('list', { name: 'Elements' }));
    fireEvent.change(screen.getByLabelText('Add an element'), { target: { value: 'field' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(elements().getByRole('button', { name: 'Custom field answer: Job title' })).toBeTruthy();
    expect((screen.getByLabelText('Question') as HTMLSelectElement).value).toBe('5');

    fireEvent.change(screen.getByLabelText('Add an element'), { target: { value: 'qr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('button', { name: /^QR code: / })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Name' }));
    expect(elements().queryByRole('button', { name: 'Name' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save layout' }));
    await waitFor(() => expect(saved(seen)).toHaveLength(1));
    expect(saved(seen)[0]!.elements!.map((element) => element.kind)).toEqual(['field', 'qr']);
    expect(saved(seen)[0]!.elements![0]).toMatchObject({ customFieldId: 5 });
  });

  it('previews the unsaved design with the event’s longest name and lists what does not fit', async () => {
    const { seen } = renderEditor(layoutFixture(), (request) =>
      request.url.endsWith('/preview') && (request.body as BadgeLayoutPreviewBody).sample === 'longest'
        ? { status: 200, data: { svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', widthMm: 105, heightMm: 148, warnings: ['Name: “Maximiliane Wolkenstein-Rosenberg” does not fit even at 4 pt'] } }
        : undefined,
    );
    await nameBox(/10 mm/);
    fill(field('X (mm)'), '11');
    fireEvent.click(screen.getByLabelText('The longest name of the event'));
    expect(await screen.findByText(/does not fit even at 4 pt/)).toBeTruthy();
    const previews = seen.filter((request) => request.url.endsWith('/preview')).map((request) => request.body as BadgeLayoutPreviewBody);
    expect(previews.at(-1)).toMatchObject({ layoutId: 21, sample: 'longest', layout: { elements: [{ x: 11 }] } });
    expect(screen.getByRole('img', { name: 'Preview of the badge' }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('uploads a logo at once, apart from the design, and then offers to remove it', async () => {
    let hasLogo = false;
    const { seen } = renderEditor(layoutFixture(), (request) => {
      if (request.url === '/admin/badge-layouts/21/logo' && request.method === 'PUT') {
        hasLogo = true;
        return { status: 200, data: { data: layoutFixture({ hasLogo }) } };
      }
      return request.url === '/admin/badge-layouts/21' ? { status: 200, data: { data: layoutFixture({ hasLogo }) } } : undefined;
    });
    await nameBox(/10 mm/);
    const logo = new File([new Uint8Array(64)], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload logo'), { target: { files: [logo] } });
    expect(await screen.findByRole('button', { name: 'Remove logo' })).toBeTruthy();
    const put = seen.find((request) => request.url.endsWith('/logo'))!;
    expect((put.body as FormData).get('file')).toBeInstanceOf(File);
    expect(saved(seen)).toHaveLength(0);
    expect(screen.getByText('All changes saved')).toBeTruthy();
  });

  it('refuses a file that is not a PNG or JPEG without sending it', async () => {
    const { seen } = renderEditor();
    await nameBox(/10 mm/);
    fireEvent.change(screen.getByLabelText('Upload background image'), { target: { files: [new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Choose a PNG or JPEG picture')).toBeTruthy();
    expect(seen.some((request) => request.url.endsWith('/background'))).toBe(false);
  });
});
