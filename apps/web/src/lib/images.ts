/**
 * Phone cameras make 3-12 MB photos; the server keeps profile pictures at 512 px anyway. Shrinking
 * before the upload saves the member most of that data. Anything that cannot be decoded here (an
 * unusual format, an old browser) is sent as it is and judged by the server.
 */
export async function shrinkImage(file: File, maxSide: number, quality = 0.85): Promise<File> {
  // An animated GIF would lose its animation on a canvas.
  if (!file.type.startsWith('image/') || file.type === 'image/gif') return file;
  if (typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) {
      bitmap.close();
      return file;
    }
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', quality));
    if (!blob || blob.size >= file.size) return file;
    const extension = blob.type === 'image/webp' ? 'webp' : 'png';
    return new File([blob], `${file.name.replace(/\.[^.]*$/, '') || 'picture'}.${extension}`, {
      type: blob.type,
    });
  } catch {
    return file;
  }
}

/** The side the server keeps profile pictures at (its PROFILE_PIC_MAX_SIDE); more would be wasted data. */
export const PROFILE_PICTURE_MAX_SIDE = 512;
