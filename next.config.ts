import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  output: 'standalone',
  poweredByHeader: false,
  // Server-only packages that must be required at run time rather than bundled.
  serverExternalPackages: ['@electric-sql/pglite', '@electric-sql/pglite-socket', 'pg', 'nodemailer', 'bcryptjs'],
  typedRoutes: false,
};

export default nextConfig;
