import { z } from 'zod';
import { ProductId } from '../schemas';

/** How many products one account may star. */
export const FAVOURITES_MAX = 5000;

export const Favourite = z.object({ productId: ProductId, addedAt: z.string() });
export type Favourite = z.infer<typeof Favourite>;

/** The account's starred products, newest first. */
export const Favourites = z.object({
  productIds: z.array(ProductId),
  /** What was wrong with the file on disk when it was read (it was set aside). */
  problem: z.string().nullable(),
});
export type Favourites = z.infer<typeof Favourites>;
