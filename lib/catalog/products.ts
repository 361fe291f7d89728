import { ErrorCode } from '../api/error-codes.ts';
import { foundOrThrow } from '../api/errors.ts';

/** A product looked up by PLU, or the answer every product lookup gives when the catalog has no such PLU. */
export const productOrThrow = <T>(found: T, plu: string, message = `No product with PLU ${plu}`) =>
  foundOrThrow(found, message, ErrorCode.PRODUCT_NOT_FOUND);
