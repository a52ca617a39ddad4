import { CameraIcon, CameraOffIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { createBarcodeReader } from '@/lib/scanning/barcode-reader';
import { createScanDebounce } from '@/lib/scanning/scan-debounce';

/** Camera on or off is the browser's choice for every scanning page (the door's and the booth's); the key predates the booth. */
const CAMERA_KEY = 'portal-check-in-camera';
/** Frames read per second: enough to catch a badge held up, light on a phone's battery. */
const READS_PER_SECOND = 6;

type CameraState = 'off' | 'starting' | 'on' | 'error';

/** The camera's view with QR reading; each new code (the same one within 3 s is one) goes to `onCode`. */
export function CameraScanner({ onCode, paused }: { onCode: (code: string) => void; paused: boolean }) {
  const [wanted, setWanted] = useState(() => localStorage.getItem(CAMERA_KEY) !== 'off');
  const [state, setState] = useState<CameraState>(wanted ? 'starting' : 'off');
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const handler = useRef(onCode);
  const pausedRef = useRef(paused);
  useEffect(() => {
    handler.current = onCode;
    pausedRef.current = paused;
  });

  useEffect(() => {
    if (!wanted) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let live = true;
    const debounce = createScanDebounce();
    void (async () => {
      try {
        const [media, reader] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
          createBarcodeReader(),
        ]);
        stream = media;
        if (!live || !video.current) return media.getTracks().forEach((t) => t.stop());
        video.current.srcObject = media;
        await video.current.play();
        setState('on');
        let reading = false;
        timer = setInterval(() => {
          const source = video.current;
          if (reading || !source || source.readyState < 2) return;
          reading = true;
          reader
            .detect(source)
            .then((codes) => {
              const code = codes[0]?.rawValue.trim();
              // While an answer is on screen the badge is still seen, and so not scanned again
              // the moment the answer goes; it is only not handed on.
              if (live && code && debounce.accept(code, Date.now()) && !pausedRef.current) handler.current(code);
            })
            .catch(() => undefined)
            .finally(() => (reading = false));
        }, 1000 / READS_PER_SECOND);
      } catch (cause) {
        if (!live) return;
        setState('error');
        const denied = cause instanceof DOMException && cause.name === 'NotAllowedError';
        setError(
          denied
            ? 'The camera is blocked for this page. Allow it in the browser’s site settings, or type the code below.'
            : 'No camera could be started. Use a handheld scanner or type the code below.',
        );
      }
    })();
    return () => {
      live = false;
      clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [wanted]);

  function toggle() {
    localStorage.setItem(CAMERA_KEY, wanted ? 'off' : 'on');
    setState(wanted ? 'off' : 'starting');
    setError(null);
    setWanted(!wanted);
  }

  return (
    <section aria-label="Camera" className="flex flex-col gap-2">
      <div className="relative mx-auto aspect-square w-full max-w-md overflow-hidden rounded-xl bg-neutral-900">
        <video
          ref={video}
          muted
          playsInline
          className={wanted ? 'size-full object-cover' : 'hidden'}
          aria-label="Camera view"
        />
        {/* The frame shows where to hold the badge. */}
        {state === 'on' && (
          <div aria-hidden className="pointer-events-none absolute inset-[15%] rounded-lg border-4 border-white/80" />
        )}
        {state !== 'on' && (
          <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-white">
            {state === 'starting' ? 'Starting the camera…' : (error ?? 'The camera is off')}
          </p>
        )}
      </div>
      <Button variant="outline" onClick={toggle} className="self-center">
        {wanted ? <CameraOffIcon aria-hidden /> : <CameraIcon aria-hidden />}
        {wanted ? 'Turn camera off' : 'Turn camera on'}
      </Button>
    </section>
  );
}
