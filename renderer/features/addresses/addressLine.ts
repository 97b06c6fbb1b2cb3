/** One line for an address in lists: "1 Vine St, Napa, CA 94558". */
export const addressLine = (address: { street1: string; city: string; state: string; zip: string }) =>
  `${address.street1}, ${address.city}, ${address.state} ${address.zip}`;
