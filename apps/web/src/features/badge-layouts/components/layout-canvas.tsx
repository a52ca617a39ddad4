import type { BadgeElement } from '@portal/shared/badge-layouts';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { moveBox, resizeBox, SNAP_MM, type Page } from '../lib/layout-geometry';

/** Pixels per millimetre when the room cannot be measured (no layout engine, as in tests). */
const FALLBACK_SCALE = 3;
const MAX_SCALE = 6;
/** The tallest the badge is drawn, so that a folded badge of 203 mm does not push everything off screen. */
const MAX_HEIGHT_PX = 640;
/** Arrow keys move by the snap step; with Shift, ten of them. */
const SHIFT_STEP_MM = SNAP_MM * 10;

type Box = Pick<BadgeElement, 'x' | 'y' | 'width' | 'height'>;
type Drag = { id: string; mode: 'move' | 'resize'; clientX: number; clientY: number; box: Box };

/** Pixels per millimetre that fit the badge into the width of `container`. */
function useScale(page: Page) {
  const container = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = container.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = width > 0 ? Math.min(width / page.widthMm, MAX_HEIGHT_PX / page.heightMm, MAX_SCALE) : FALLBACK_SCALE;
  return { container, scale };
}

/**
 * Where a box is drawn: cut at the badge's edges, so that a place typed past them (shown as an
 * error on its field) cannot cover the panels beside the preview.
 */
function shownBox(box: Box, page: Page, scale: number) {
  const x = Math.min(box.x, page.widthMm);
  const y = Math.min(box.y, page.heightMm);
  const px = (value: number) => `${value * scale}px`;
  return {
    left: px(x),
    top: px(y),
    width: px(Math.max(0, Math.min(box.width, page.widthMm - x))),
    height: px(Math.max(0, Math.min(box.height, page.heightMm - y))),
  };
}

type LayoutCanvasProps = {
  page: Page;
  elements: BadgeElement[];
  labelOf: (element: BadgeElement) => string;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onChange: (id: string, box: Box) => void;
  /** The preview the server drew, as SVG; none yet while the first one loads. */
  svg: string | undefined;
  loading: boolean;
  /** Elements with an error, outlined in red. */
  invalidIds: ReadonlySet<string>;
};

/**
 * The badge at scale: the server's preview (drawn by the print's own code) under a box for each
 * element, which a pointer drags to move or resizes from its corner handle, and arrow keys move
 * (Alt with arrows resizes); every place snaps to half millimetres and stays on the badge.
 */
export function LayoutCanvas({ page, elements, labelOf, selectedId, onSelect, onChange, svg, loading, invalidIds }: LayoutCanvasProps) {
  const { container, scale } = useScale(page);
  const drag = useRef<Drag | null>(null);

  function start(event: PointerEvent<HTMLElement>, element: BadgeElement, mode: Drag['mode']) {
    if (event.button !== 0) return;
    event.stopPropagation();
    onSelect(element.id);
    drag.current = { id: element.id, mode, clientX: event.clientX, clientY: event.clientY, box: element };
    // Keeps the moves coming when the pointer leaves the box faster than the box follows.
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }

  function move(event: PointerEvent<HTMLElement>) {
    const current = drag.current;
    if (!current) return;
    const dx = (event.clientX - current.clientX) / scale;
    const dy = (event.clientY - current.clientY) / scale;
    const box = current.mode === 'move' ? moveBox(current.box, dx, dy, page) : resizeBox(current.box, dx, dy, page);
    onChange(current.id, { x: box.x, y: box.y, width: box.width, height: box.height });
  }

  function end() {
    drag.current = null;
  }

  function key(event: KeyboardEvent<HTMLElement>, element: BadgeElement) {
    const step = event.shiftKey ? SHIFT_STEP_MM : SNAP_MM;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (!delta) return;
    event.preventDefault();
    const [dx = 0, dy = 0] = delta;
    const box = event.altKey ? resizeBox(element, dx, dy, page) : moveBox(element, dx, dy, page);
    onChange(element.id, { x: box.x, y: box.y, width: box.width, height: box.height });
  }

  const mm = (value: number) => `${value * scale}px`;
  return (
    <div ref={container} className="w-full">
      <div
        className="relative mx-auto bg-white shadow-md ring-1 ring-border"
        style={{ width: mm(page.widthMm), height: mm(page.heightMm) }}
      >
        {svg && (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
            alt="Preview of the badge"
            draggable={false}
            className="pointer-events-none absolute inset-0 size-full select-none"
          />
        )}
        {loading && (
          <span className="absolute top-1 right-1 rounded-full bg-background/80 p-1">
            <Spinner size="sm" label="Drawing the preview" />
          </span>
        )}
        {elements.map((element) => {
          const selected = element.id === selectedId;
          const label = labelOf(element);
          return (
            <div
              key={element.id}
              role="button"
              tabIndex={0}
              aria-pressed={selected}
              aria-label={`${label}: ${element.x} mm from the left, ${element.y} mm from the top, ${element.width} × ${element.height} mm`}
              title={label}
              onPointerDown={(event) => start(event, element, 'move')}
              onPointerMove={move}
              onPointerUp={end}
              onPointerCancel={end}
              onFocus={() => onSelect(element.id)}
              onKeyDown={(event) => key(event, element)}
              className={cn(
                'absolute cursor-move touch-none border border-dashed border-sky-500/70 outline-none hover:border-sky-600 focus-visible:ring-2 focus-visible:ring-ring',
                selected && 'z-10 border-2 border-solid border-sky-600 bg-sky-500/10',
                invalidIds.has(element.id) && 'border-red-600',
              )}
              style={shownBox(element, page, scale)}
            >
              {/* Its moves and release bubble to the box's handlers. */}
              {selected && (
                <span
                  aria-hidden
                  data-handle="resize"
                  onPointerDown={(event) => start(event, element, 'resize')}
                  className="absolute -right-1.5 -bottom-1.5 size-3 cursor-nwse-resize touch-none rounded-sm border-2 border-white bg-sky-600 shadow"
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
