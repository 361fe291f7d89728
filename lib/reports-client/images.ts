export const PLACEHOLDER_IMAGE = '/placeholder-bottle.svg';

/** The served path of a stored image: backslashes become slashes, a leading alcohol_images/ folder goes. */
export function servedImagePath(imagePath: string): string {
  const clean = imagePath
    .trim()
    .replace(/\\/g, '/')
    .replace(/^\/+/, '')
    .replace(/^alcohol_images\//i, '');
  return `/api/images/${clean.split('/').map(encodeURIComponent).join('/')}`;
}

/** The sources to try, in order: image_url, then the served image_path, then the placeholder. */
export function imageCandidates(imageUrl?: string | null, imagePath?: string | null): string[] {
  const list: string[] = [];
  if (imageUrl && imageUrl.trim()) list.push(imageUrl.trim());
  if (imagePath && imagePath.trim()) list.push(servedImagePath(imagePath));
  list.push(PLACEHOLDER_IMAGE);
  return [...new Set(list)];
}
