import { describe, expect, it } from 'vitest';
import { imageCandidates, PLACEHOLDER_IMAGE, servedImagePath } from './images.ts';

describe('image fallback chain', () => {
  it('tries image_url, then the served image_path, then the placeholder', () => {
    expect(imageCandidates('https://cdn.example/b.jpg', 'alcohol_images\\bourbon\\b.jpg')).toEqual([
      'https://cdn.example/b.jpg',
      '/api/images/bourbon/b.jpg',
      PLACEHOLDER_IMAGE,
    ]);
  });

  it('skips missing or blank sources', () => {
    expect(imageCandidates(null, null)).toEqual([PLACEHOLDER_IMAGE]);
    expect(imageCandidates('  ', 'x/y.png')).toEqual(['/api/images/x/y.png', PLACEHOLDER_IMAGE]);
    expect(imageCandidates('https://cdn.example/b.jpg', undefined)).toEqual(['https://cdn.example/b.jpg', PLACEHOLDER_IMAGE]);
  });

  it('turns backslashes into slashes and removes only a leading alcohol_images folder', () => {
    expect(servedImagePath('alcohol_images\\12345.jpg')).toBe('/api/images/12345.jpg');
    expect(servedImagePath('alcohol_images/rye/12345.jpg')).toBe('/api/images/rye/12345.jpg');
    expect(servedImagePath('other/alcohol_images/1.jpg')).toBe('/api/images/other/alcohol_images/1.jpg');
    expect(servedImagePath('\\alcohol_images\\a b.jpg')).toBe('/api/images/a%20b.jpg');
  });
});
