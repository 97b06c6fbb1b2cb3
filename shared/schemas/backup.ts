import { z } from 'zod';
import { ProductId } from './common';

/**
 * Backups (issue 26 point 4, an extension of the marketplace's interface): an order line may name
 * another product of the same supplier to send instead when the service cannot fill the line
 * (out of stock, or not enough stock). A client that names none sees the seed's interface unchanged.
 */

export const BackupProductId = ProductId.meta({
  'x-caseworks-extension': true,
  description:
    'Extension: a backup product of the same supplier. When the service cannot fill this line (the product is out of stock, or short of the quantity), it sends the same quantity of the backup instead, priced as the backup, and says so on the item (`substitution`) and in the timeline (`item_substituted`). When the backup cannot fill it either, the order is refused as without one (409 insufficient_inventory naming this line). Refused with 422 invalid_backup: another supplier’s product, the line’s own product, a product that does not exist, a product another line orders, or a backup two lines name.',
});

/** Why a line was filled with its backup: none of the product in stock, or fewer than the line asked for. */
export const SUBSTITUTION_REASONS = ['out_of_stock', 'not_enough_stock'] as const;
export const SubstitutionReason = z.enum(SUBSTITUTION_REASONS);
export type SubstitutionReason = z.infer<typeof SubstitutionReason>;

/** On an order item filled with its backup: the product the buyer asked for (the item's own `product_id` is the one sent). */
export const Substitution = z
  .object({
    requested_product_id: ProductId,
    requested_product_name: z.string(),
    reason: SubstitutionReason,
  })
  .meta({
    'x-caseworks-extension': true,
    description:
      'Extension: present when this item was filled with the backup the request named; `requested_product_id` is the product asked for, the item’s `product_id` the product sent. Absent on every other item.',
  });
export type Substitution = z.infer<typeof Substitution>;

/** The timeline event of an item filled with its backup. */
export const ITEM_SUBSTITUTED = 'item_substituted';

/** On an `item_substituted` timeline entry: which item, what was asked for and what was sent. */
export const TimelineSubstitution = Substitution.extend({
  item_id: z.string(),
  product_id: ProductId,
  product_name: z.string(),
}).meta({
  'x-caseworks-extension': true,
  description: 'Extension: on an `item_substituted` entry, the item filled with its backup: the product asked for and the product sent.',
});
export type TimelineSubstitution = z.infer<typeof TimelineSubstitution>;
