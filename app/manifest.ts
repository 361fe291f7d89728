import type { MetadataRoute } from 'next';

// /manifest.webmanifest: what makes the app installable (Android "Install app", iOS "Add to Home Screen").
// Colours are globals.css's: the header's dark brown for the status bar, the page background for the splash.
// It opens on Today's Arrivals, the screen hunters check first (signed out: login, then back there).
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/',
    name: 'NC Bourbon Tracker',
    short_name: 'NC Bourbon',
    description: 'Allocated, limited and barrel bourbon arrivals across North Carolina ABC stores.',
    start_url: '/todays-arrivals',
    scope: '/',
    display: 'standalone',
    theme_color: '#231c16',
    background_color: '#faf7f2',
    categories: ['shopping', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
