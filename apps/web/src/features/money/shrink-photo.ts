/**
 * Phone cameras take photos of 4 to 12 MB; the server takes 5 MB at most and a reviewer needs far
 * less to read a document. Large photos are redrawn at most 2,000 px on their long side as JPEG;
 * small ones, and any the browser cannot decode, go as they are (the server still checks them).
 */
const SMALL_ENOUGH_BYTES = 1_500_000;
const LONG_SIDE_PX = 2000;
const JPEG_QUALITY = 0.85;

export async function shrinkPhoto(file: File): Promise<File> {
  if (file.size <= SMALL_ENOUGH_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, LONG_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], file.name.replace(/\.\w+$/, '') + '.jpg', { type: 'image/jpeg' });
  } catch {
    return file;
  }
}
