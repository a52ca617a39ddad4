import { useCallback, type ComponentProps } from 'react';

/**
 * A picture held in memory (fetched with the sign-in's token) shown through an object URL, made
 * when the element is attached and revoked when it leaves. The address is set while React commits,
 * so the image is in the page by the time a `flushSync` returns; being same-origin, it leaves a
 * canvas that draws it untainted.
 */
export function BlobImage({ blob, ...props }: { blob: Blob } & Omit<ComponentProps<'img'>, 'src' | 'ref'>) {
  const attach = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return;
      const url = URL.createObjectURL(blob);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
  return <img ref={attach} {...props} />;
}
