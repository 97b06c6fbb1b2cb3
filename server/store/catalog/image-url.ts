/** The service's public base URL, ending in `/api/v1`; a function because the port is known late. */
export type PublicBaseUrl = () => string;

/** Labels are generated and served by the service itself, so they work offline. */
export function productImageUrl(baseUrl: string, productId: string): string {
  return `${baseUrl}/images/products/${productId}.svg`;
}
