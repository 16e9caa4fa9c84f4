import { useCallback, useEffect, useRef, useState } from 'react';

export interface PickedImage {
  file: File | null;
  /** A blob: URL for the preview, released when the picture is replaced, removed or the page closes. */
  previewUrl: string | null;
  pick: (file: File | null) => void;
}

/** The picture chosen in an image picker, with its preview. */
export function usePickedImage(): PickedImage {
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const currentUrl = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (currentUrl.current) URL.revokeObjectURL(currentUrl.current);
    },
    [],
  );

  const pick = useCallback((file: File | null) => {
    if (currentUrl.current) URL.revokeObjectURL(currentUrl.current);
    const next = file ? { file, url: URL.createObjectURL(file) } : null;
    currentUrl.current = next?.url ?? null;
    setPicked(next);
  }, []);

  return { file: picked?.file ?? null, previewUrl: picked?.url ?? null, pick };
}
