'use client';

import { useState } from 'react';
import { imageCandidates } from '@/lib/reports-client/images';

interface Props {
  imageUrl?: string | null;
  imagePath?: string | null;
  size?: number;
}

/** A product photo that falls back from image_url to the served image_path to the placeholder bottle. */
export function ProductImage({ imageUrl, imagePath, size = 64 }: Props) {
  const candidates = imageCandidates(imageUrl, imagePath);
  // A new product starts again at the first candidate.
  return <FallbackImage key={candidates.join('|')} candidates={candidates} size={size} />;
}

function FallbackImage({ candidates, size }: { candidates: string[]; size: number }) {
  const [index, setIndex] = useState(0);
  return (
    // A plain <img>: sources are arbitrary URLs tried in turn, which next/image's loader does not model.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      className="product-image"
      src={candidates[index]}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setIndex((i) => Math.min(i + 1, candidates.length - 1))}
    />
  );
}
